import { randomBytes, randomUUID } from 'node:crypto';
import { PERSONAL_DATA } from '@reflections/contracts/personal-data';
import { seal, sealedOf, unseal } from './personal-data-cipher';

describe('sealing personal fields', () => {
  it('gives every sealing an IV of its own, across many draws of the random source, and opens each', () => {
    const personal = PERSONAL_DATA.ReplyAdded;
    const key = { keyId: 'key-1', key: randomBytes(32) };
    const event = {
      id: randomUUID(),
      data: {
        postId: randomUUID(),
        replyId: randomUUID(),
        content: 'Thank you for this.',
        isAnonymous: false,
        authorId: randomUUID(),
      },
      metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
    };
    const sealedEvents = Array.from({ length: 1_000 }, () => seal(personal, event, key));
    const ivs = sealedEvents.map((sealed) => sealedOf(sealed.data)!.iv);
    expect(new Set(ivs).size).toBe(ivs.length);
    expect(new Set(ivs.map((iv) => Buffer.from(iv, 'base64').length))).toEqual(new Set([12]));
    for (const sealed of sealedEvents)
      expect(unseal(personal, { id: event.id, ...sealed }, key.key).data).toEqual(event.data);
  });

  it('stores no personal field, nested or not, nor a hidden owner, and opens to the event as appended', () => {
    const personal = { owner: 'userId', fields: { note: '', 'answers.story': '' }, hidesOwner: 'isAnonymous' };
    const key = { keyId: 'key-1', key: randomBytes(32) };
    const userId = randomUUID();
    const event = {
      id: randomUUID(),
      data: { userId, isAnonymous: true, note: 'my words', answers: { story: 'my story', mood: 'calm' }, kept: 1 },
      metadata: { causedBy: userId, correlationId: 'test', schemaVersion: 1 },
    };
    const stored = seal(personal, event, key);
    const { $personal, ...rest } = stored.data;
    expect(rest).toEqual({ isAnonymous: true, answers: { mood: 'calm' }, kept: 1 });
    expect(stored.metadata.causedBy).toBeNull();
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(`my words|my story|${userId}`));
    expect($personal).toBeDefined();
    expect(unseal(personal, { id: event.id, ...stored }, key.key)).toEqual({
      data: event.data,
      metadata: event.metadata,
    });
  });
});
