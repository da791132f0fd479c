import type { Decider, Rejection, StreamEvent } from '../command/decider';

/**
 * Given events, when a command, then events or a refusal (Emmett's DeciderSpecification):
 * a decider test states the stream's history, the command and what the decider answers.
 */
export const deciderSpecification = <S, C, E extends StreamEvent, R extends Rejection>(
  decider: Decider<S, C, E, R>,
) => ({
  given: (...history: E[]) => ({
    when: (command: C) => {
      const decision = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState));
      return {
        /** Accepted, with exactly these events (none: accepted with nothing to change). */
        then: (...events: E[]) => expect(decision()).toEqual({ ok: true, events }),
        /** Accepted, whatever the events. */
        thenAccepts: () => expect(decision()).toMatchObject({ ok: true }),
        /** Refused for this reason (and with these details, when the refusal carries any). */
        thenRejects: (rejection: R['reason'] | R) =>
          expect(decision()).toEqual({
            ok: false,
            ...(typeof rejection === 'string' ? { reason: rejection } : rejection),
          }),
      };
    },
  }),
});
