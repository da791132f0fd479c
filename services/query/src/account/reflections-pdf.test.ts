import { reflectionsPdf } from './reflections-pdf';

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the reflections PDF', () => {
  it('is a whole PDF whatever he wrote: other scripts, emoji, long unbroken words, many pages', async () => {
    const words = ['Ça va 🙂 — “quoted”', '日本語の文章', 'x'.repeat(3000), 'A line\n\nand another after a blank one'];
    const items = Array.from({ length: 60 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
      title: i % 2 ? 'Conversation with RAI' : 'P.E.A.C.E. · Purpose',
      paragraphs: [
        { label: 'I wrote', text: words[i % words.length], his: true },
        { label: 'RAI replied', text: 'I hear you.', his: false },
      ],
    }));
    const pdf = await bytesOf(reflectionsPdf('Zoë 🙂', 'From 1 November 2026 to 24 November 2026', items));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
  });
});
