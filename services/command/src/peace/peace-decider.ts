import type { PeaceResponseRecorded, PeaceSectionId } from '@reflections/contracts/peace';

/** How many answers a member has given in each section. */
export type PeaceAnswers = { readonly answered: Readonly<Partial<Record<PeaceSectionId, number>>> };

export const initialPeaceAnswers: PeaceAnswers = { answered: {} };

export const evolvePeaceAnswers = (state: PeaceAnswers, event: PeaceResponseRecorded): PeaceAnswers => ({
  answered: { ...state.answered, [event.data.section]: (state.answered[event.data.section] ?? 0) + 1 },
});

export type RecordPeaceResponse = { type: 'RecordPeaceResponse'; responseId: string; userId: string; section: PeaceSectionId; prompt: string; response: string; now: string };

/** Every answer is kept: a member may return to a question as often as it speaks to him. */
export function decidePeace(command: RecordPeaceResponse, _state: PeaceAnswers): PeaceResponseRecorded[] {
  const { responseId, userId, section, prompt, response, now } = command;
  return [{ type: 'PeaceResponseRecorded', data: { responseId, userId, section, prompt, response, recordedAt: now } }];
}
