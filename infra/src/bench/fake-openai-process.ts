import { startFakeOpenAi } from '@reflections/testing/fake-openai-server';

/**
 * The AI bench's fake OpenAI-compatible server in a process of its own, as a real model
 * runs on another machine: its streaming work does not share an event loop with the
 * load generator or the app. Streams FAKE_OPENAI_PIECES (a JSON array) over FAKE_OPENAI_STREAM_MS.
 */
async function main() {
  const pieces = JSON.parse(process.env.FAKE_OPENAI_PIECES ?? '[]') as string[];
  const streamMs = Number(process.env.FAKE_OPENAI_STREAM_MS) || 0;
  const fake = await startFakeOpenAi({ answer: () => ({ kind: 'content', content: pieces, streamMs }) });
  console.log(`fake OpenAI listening at ${fake.baseURL}`);
  process.on('SIGTERM', () => {
    fake.stop().finally(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error('fake OpenAI could not start:', error);
  process.exit(1);
});
