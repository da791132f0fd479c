import type * as t from 'io-ts';
import { PeaceResponseRecorded, type PeaceSectionId } from '@reflections/contracts/peace';
import { accept, type Decider, type Decision, type Rejection } from '@reflections/platform/command/decider';

/** How many answers a member has given in each section. */
export type PeaceAnswers = { readonly answered: Readonly<Partial<Record<PeaceSectionId, number>>> };

export const initialPeaceAnswers: PeaceAnswers = { answered: {} };

export const evolvePeaceAnswers = (state: PeaceAnswers, event: PeaceResponseRecorded): PeaceAnswers => ({
  answered: { ...state.answered, [event.data.section]: (state.answered[event.data.section] ?? 0) + 1 },
});

export type RecordPeaceResponse = {
  type: 'RecordPeaceResponse';
  responseId: string;
  userId: string;
  section: PeaceSectionId;
  prompt: string;
  response: string;
  now: string;
};

/** Every answer is kept: a member may return to a question as often as it speaks to him. */
export function decidePeace(
  command: RecordPeaceResponse,
  _state: PeaceAnswers,
): Decision<PeaceResponseRecorded, Rejection<never>> {
  const { responseId, userId, section, prompt, response, now } = command;
  return accept({
    type: 'PeaceResponseRecorded',
    data: { responseId, userId, section, prompt, response, recordedAt: now },
  });
}

export const peaceDecider: Decider<PeaceAnswers, RecordPeaceResponse, PeaceResponseRecorded, Rejection<never>> = {
  codec: PeaceResponseRecorded as unknown as t.Type<PeaceResponseRecorded, unknown, unknown>,
  initialState: initialPeaceAnswers,
  evolve: evolvePeaceAnswers,
  decide: decidePeace,
};
