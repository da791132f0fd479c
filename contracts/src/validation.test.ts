import * as t from 'io-ts';
import { CampfirePostRequest, FORUM_MESSAGES } from './forum';
import { RegisterRequest } from './identity';
import { STORY_MESSAGES, UpdateStoryRequest } from './story';
import { boundedText, emailAddress, isStorableText, MAX_EMAIL_LENGTH, toErrorBody, uuid } from './validation';

const errorsOf = (codec: t.Decoder<unknown, unknown>, input: unknown) => {
  const result = codec.decode(input);
  if (result._tag === 'Right') throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return toErrorBody(result.left);
};

describe('toErrorBody', () => {
  const codec = t.type({
    title: boundedText({ min: 5, max: 200, tooShort: 'Title must be at least 5 characters', label: 'Title' }),
    count: t.number,
    nested: t.type({ flag: t.boolean }),
  });

  it('names each bad field with its message, or the generic Required / Expected messages', () => {
    expect(errorsOf(codec, { title: 'abc', nested: { flag: 'yes' } })).toEqual({
      error: 'Title must be at least 5 characters',
      fields: {
        title: 'Title must be at least 5 characters',
        count: 'Required',
        'nested.flag': 'Expected boolean, received string',
      },
    });
  });
});

describe('boundedText', () => {
  const name = boundedText({ min: 1, max: 10, tooShort: 'Name is required', label: 'Name', singleLine: true });
  const note = boundedText({
    min: 2,
    max: 10,
    tooShort: 'Note is too short',
    tooLong: 'Note is too long',
    label: 'Note',
  });

  it('decodes text within its bounds, trimmed, and tells tools its bounds', () => {
    expect(name.decode('  Sam  ')).toEqual({ _tag: 'Right', right: 'Sam' });
    expect(note.decode(' one\n\ttwo ')).toEqual({ _tag: 'Right', right: 'one\n\ttwo' });
    expect({ min: note.minLength, max: note.maxLength }).toEqual({ min: 2, max: 10 });
  });

  it('gives each failure its own message, and makes up "at most" when none is given', () => {
    expect(errorsOf(t.type({ note }), { note: ' a ' }).fields).toEqual({ note: 'Note is too short' });
    expect(errorsOf(t.type({ note }), { note: 42 }).fields).toEqual({ note: 'Note is too short' });
    expect(errorsOf(t.type({ note }), {}).fields).toEqual({ note: 'Note is too short' });
    expect(errorsOf(t.type({ note }), { note: 'x'.repeat(11) }).fields).toEqual({ note: 'Note is too long' });
    expect(errorsOf(t.type({ name }), { name: 'x'.repeat(11) }).fields).toEqual({
      name: 'Name must be at most 10 characters',
    });
  });

  it.each([
    ['a NUL', 'Sa\u0000m'],
    ['a lone high surrogate', 'Sam\ud83d'],
    ['a lone low surrogate', '\ude00Sam'],
    ['a surrogate pair the wrong way round', 'S\ude00\ud83d'],
    ['a control character', 'Sa\u001bm'],
  ])('refuses %s, naming the field', (_what, value) => {
    expect(errorsOf(t.type({ note }), { note: value }).fields).toEqual({
      note: 'Note contains characters we cannot store',
    });
  });

  it('keeps emoji, tabs, line breaks and right-to-left text', () => {
    for (const value of ['Sam \ud83d\ude00', 'a\tb\r\nc', '\u202eevil', 'Zoë, Ωμέγα'])
      expect(note.decode(value.slice(0, 10))._tag).toBe('Right');
  });

  it('keeps a single-line field on one line', () => {
    expect(errorsOf(t.type({ name }), { name: 'Sam\nSmith' }).fields).toEqual({ name: 'Name must be on one line' });
  });

  it('calls text storable unless it holds a NUL, a broken surrogate pair or a control character', () => {
    expect(isStorableText('\ud83d\ude00 \t\n')).toBe(true);
    expect(isStorableText('\u0000')).toBe(false);
  });
});

describe('the contracts with bounds', () => {
  it('refuses a first name longer than the read model ever stored, naming firstName', () => {
    const body = errorsOf(RegisterRequest, { firstName: 'x'.repeat(256) });
    expect(body.fields.firstName).toBe('First name must be at most 100 characters');
    expect(errorsOf(RegisterRequest, {}).fields.firstName).toBe('First name is required');
  });

  it('refuses a NUL in a forum title, naming the field', () => {
    const body = errorsOf(CampfirePostRequest, { title: 'Hello\u0000there', content: 'x'.repeat(30), categoryId: 1 });
    expect(body.fields).toEqual({ title: 'Title contains characters we cannot store' });
    expect(errorsOf(CampfirePostRequest, { title: 'abc', content: 'x'.repeat(30), categoryId: 1 }).fields.title).toBe(
      FORUM_MESSAGES.titleMin,
    );
  });

  it('bounds an email address at 254 characters and refuses one it cannot store', () => {
    const email = emailAddress('Please enter a valid email address.');
    expect(email.decode(' Sam@Example.com ')).toEqual({ _tag: 'Right', right: 'sam@example.com' });
    expect(errorsOf(t.type({ email }), { email: `${'a'.repeat(MAX_EMAIL_LENGTH)}@example.com` }).fields.email).toBe(
      `Email must be at most ${MAX_EMAIL_LENGTH} characters`,
    );
    expect(errorsOf(t.type({ email }), { email: 'sa\u0000m@example.com' }).fields.email).toBe(
      'Please enter a valid email address.',
    );
  });

  it("names a list of answers by its field, with the rule the answer broke, or the list's own message", () => {
    expect(errorsOf(UpdateStoryRequest, { userResponses: ['fine', 'half \ud83d'] }).fields).toEqual({
      userResponses: 'Your answer contains characters we cannot store',
    });
    expect(errorsOf(UpdateStoryRequest, { userResponses: ['   '] }).fields).toEqual({
      userResponses: STORY_MESSAGES.answerRequired,
    });
    expect(errorsOf(UpdateStoryRequest, { userResponses: 'not a list' }).fields).toEqual({
      userResponses: STORY_MESSAGES.answerRequired,
    });
  });

  it('decodes a UUID lower-cased and refuses anything else', () => {
    expect(uuid().decode('0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      _tag: 'Right',
      right: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(errorsOf(t.type({ id: uuid() }), { id: '\u0000' }).fields).toEqual({ id: 'Expected a UUID' });
  });
});
