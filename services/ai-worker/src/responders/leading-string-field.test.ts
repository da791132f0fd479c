import { leadingStringField } from './leading-string-field';

/** What a listener hears when the answer arrives in these pieces: each call's new text, as the responder passes it on. */
function heard(pieces: readonly string[], otherwise: (content: string) => unknown = () => undefined): string[] {
  const read = leadingStringField('response', otherwise);
  const said: string[] = [];
  let sent = '';
  let content = '';
  for (const piece of pieces) {
    content += piece;
    const value = read(content);
    if (typeof value === 'string' && value.length > sent.length) {
      expect(value.startsWith(sent)).toBe(true);
      said.push(value.slice(sent.length));
      sent = value;
    }
  }
  return said;
}

const asciiOnly = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const replies = [
  'Thanks for writing that down. What helped?',
  'He said "enough" and left \\ twice.\nThen:\ttabs, and a slash /.',
  'Café, naïve, 東京, and a smile 😀 or two 👍🏽.',
];

describe("the reply's words read from the model's JSON as it is written", () => {
  for (const reply of replies)
    for (const [form, json] of [
      ['as written', JSON.stringify({ response: reply, mood: 'calm', insights: ['a "quoted" one'] })],
      ['escaped to ASCII', asciiOnly(JSON.stringify({ response: reply, mood: 'calm', insights: [] }))],
      ['spaced', `{ "response" : ${JSON.stringify(reply)}, "mood": "calm" }`],
    ] as const)
      it(`gives exactly the reply, whole characters only, wherever the pieces are cut (${form}: ${reply.slice(0, 12)}…)`, () => {
        for (let cut = 1; cut < json.length; cut++) {
          const said = heard([json.slice(0, cut), json.slice(cut)]);
          expect(said.join('')).toBe(reply);
        }
        const oneByOne = heard([...json.split('')]);
        expect(oneByOne.join('')).toBe(reply);
        // No piece ends in half a surrogate pair: each one is text a browser can show on its own.
        for (const piece of oneByOne) expect(piece).not.toMatch(/[\ud800-\udbff]$/);
      });

  it('leaves an answer that opens with another field to the general parser', () => {
    const json = JSON.stringify({ mood: 'calm', response: 'Later words.' });
    const general = jest.fn((content: string) => (content.length === json.length ? 'Later words.' : undefined));
    expect(heard([json.slice(0, 10), json.slice(10)], general).join('')).toBe('Later words.');
    expect(general).toHaveBeenCalledTimes(2);
  });
});
