import * as t from 'io-ts';
import { toErrorBody, trimmedString, withMessage } from './validation';

describe('toErrorBody', () => {
  const codec = t.type({ title: withMessage(trimmedString(5, 'x'), 'Title must be at least 5 characters'), count: t.number, nested: t.type({ flag: t.boolean }) });

  it('names each bad field with its message, or the generic Required / Expected messages', () => {
    const result = codec.decode({ title: 'abc', nested: { flag: 'yes' } });
    if (result._tag === 'Right') throw new Error('expected a failure');
    expect(toErrorBody(result.left)).toEqual({
      error: 'Title must be at least 5 characters',
      fields: { title: 'Title must be at least 5 characters', count: 'Required', 'nested.flag': 'Expected boolean, received string' },
    });
  });
});
