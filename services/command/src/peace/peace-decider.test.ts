import type { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { evolvePeaceAnswers, initialPeaceAnswers, peaceDecider, type RecordPeaceResponse } from './peace-decider';

const now = '2026-11-26T08:00:00.000Z';
const answer = (responseId: string): RecordPeaceResponse => ({
  type: 'RecordPeaceResponse',
  responseId,
  userId: 'u1',
  section: 'purpose',
  prompt: 'P',
  response: 'Words.',
  now,
});
const recorded = (responseId: string): PeaceResponseRecorded => ({
  type: 'PeaceResponseRecorded',
  data: { responseId, userId: 'u1', section: 'purpose', prompt: 'P', response: 'Words.', recordedAt: now },
});
const { given } = deciderSpecification(peaceDecider);

describe('peace decider', () => {
  it('keeps every answer, the same question answered again too, and counts them per section', () => {
    given().when(answer('r1')).then(recorded('r1'));
    given(recorded('r1')).when(answer('r2')).then(recorded('r2'));
    expect([recorded('r1'), recorded('r2')].reduce(evolvePeaceAnswers, initialPeaceAnswers).answered).toEqual({
      purpose: 2,
    });
  });
});
