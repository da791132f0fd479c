import * as t from 'io-ts';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { parse as partialParse } from 'partial-json';
import { DetectedMood } from '@reflections/contracts/rai';
import { CRISIS_REPLY_SCHEMA, CRISIS_REPLY_SYSTEM } from '../prompts/crisis-reply';
import { ADMIN_ANSWER_SCHEMA, ADMIN_ASSISTANT_SYSTEM, adminAssistantUserMessage } from '../prompts/admin-assistant';
import { JOURNAL_GUIDANCE_SYSTEM, journalGuidanceUserMessage } from '../prompts/journal-guidance';
import { JOURNAL_REPLY_SCHEMA, PROCESS_JOURNAL_SYSTEM, processJournalUserMessage } from '../prompts/process-journal';
import { PROMPT_SCHEMA, REFLECTION_PROMPT_SYSTEM, reflectionPromptUserMessage } from '../prompts/reflection-prompt';
import { STORY_PROMPT_SYSTEM, storyPromptUserMessage } from '../prompts/story-prompt';
import { leadingStringField } from './leading-string-field';
import { nodeHttpFetch } from './node-http-fetch';
import type { JournalReply, Responder } from './responder';

const ModelJournalReply = t.type({ response: t.string, mood: DetectedMood, insights: t.array(t.string) });
const ModelPrompt = t.type({ prompt: t.string });
const ModelAnswer = t.type({ response: t.string });

/** The model broke its JSON schema: the delivery fails and is retried, nothing is recorded. */
export class MalformedModelOutputError extends Error {
  override name = 'MalformedModelOutputError';
}

type JsonSchema = { name: string; strict: boolean; schema: Record<string, unknown> };

/** Parses the model's JSON with its io-ts codec, or throws MalformedModelOutputError. */
function decoderFor<A>(codec: t.Type<A, unknown, unknown>) {
  return (content: string | null | undefined): A => {
    let json: unknown;
    try {
      json = JSON.parse(content ?? '');
    } catch {
      throw new MalformedModelOutputError('the model answered with malformed JSON');
    }
    const decoded = codec.decode(json);
    if (decoded._tag === 'Left') throw new MalformedModelOutputError('the model answer does not match its schema');
    return decoded.right;
  };
}

/** The `response` field of a JSON answer still being written, as far as it goes (the parser the openai package uses for its own streams). */
function partialResponse(content: string): unknown {
  try {
    return (partialParse(content) as { response?: unknown } | null)?.response;
  } catch {
    return undefined;
  }
}

const responseFormat = (schema: JsonSchema) => ({
  type: 'json_schema' as const,
  json_schema: { ...schema, schema: schema.schema as Record<string, unknown> },
});

export type OpenAiSettings = {
  apiKey: string;
  baseURL: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
};

export const openAiClient = (settings: OpenAiSettings) =>
  new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? undefined,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    fetch: nodeHttpFetch,
  });

/**
 * RAI through the `openai` package: structured output (a JSON schema) decoded with io-ts,
 * an explicit timeout and retries (429s and timeouts are retried by the client itself).
 * Journal replies stream: the `response` field is passed on as the model writes it.
 */
export function openAiResponder(client: OpenAI, model: string): Responder {
  const structured = async <A>(
    system: string,
    user: string,
    schema: JsonSchema,
    codec: t.Type<A, unknown, unknown>,
  ): Promise<A> => {
    const completion = await client.chat.completions.create({
      model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: responseFormat(schema),
    });
    return decoderFor(codec)(completion.choices[0]?.message.content);
  };

  /** A streamed answer whose `response` field is passed on to `onChunk` as the model writes it. */
  const streamed = async <A extends { response: string }>(
    system: string,
    user: string,
    schema: JsonSchema,
    codec: t.Type<A, unknown, unknown>,
    onChunk: ((text: string) => void) | null,
  ): Promise<A> => {
    // The raw answer, its events parsed here: the client's own stream (nested async
    // generators, its bytes copied at every event) cost about 0.3 ms of CPU per reply more, and
    // the parsing helper re-parses the whole answer at every token even when nobody listens.
    // Here the partial JSON is read only for a listener.
    const response = await client.chat.completions
      .create({
        model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        response_format: responseFormat(schema),
        stream: true,
      })
      .asResponse();
    if (!response.body) throw new OpenAI.OpenAIError('the model answered with no body to stream');
    let content = '';
    let sent = '';
    const passOn = (response: unknown) => {
      if (onChunk && typeof response === 'string' && response.length > sent.length && response.startsWith(sent)) {
        onChunk(response.slice(sent.length));
        sent = response;
      }
    };
    const responseSoFar = leadingStringField('response', partialResponse);
    let done = false;
    // As the client reads the stream: `[DONE]` ends it, an event holding `error` is the model's error.
    const events = createParser({
      onEvent: ({ data }) => {
        if (done) return;
        if (data.startsWith('[DONE]')) {
          done = true;
          return;
        }
        const chunk = JSON.parse(data) as Partial<ChatCompletionChunk> & { error?: unknown };
        if (chunk.error) throw new OpenAI.APIError(undefined, chunk.error as object, undefined, response.headers);
        const delta = chunk.choices?.[0]?.delta?.content;
        if (!delta) return;
        content += delta;
        if (onChunk) passOn(responseSoFar(content));
      },
    });
    const text = new TextDecoder();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>)
      events.feed(text.decode(bytes, { stream: true }));
    const answer = decoderFor(codec)(content);
    passOn(answer.response);
    return answer;
  };

  return {
    name: 'openai',
    journalReply: async (request, onChunk): Promise<JournalReply> => {
      if (request.crisis) {
        const answer = await streamed(
          CRISIS_REPLY_SYSTEM,
          processJournalUserMessage(request),
          CRISIS_REPLY_SCHEMA,
          ModelAnswer,
          onChunk,
        );
        return { reply: answer.response, mood: null, insights: [] };
      }
      const guidance = request.purpose === 'guidance';
      const reply = await streamed(
        guidance ? JOURNAL_GUIDANCE_SYSTEM : PROCESS_JOURNAL_SYSTEM,
        guidance ? journalGuidanceUserMessage(request) : processJournalUserMessage(request),
        JOURNAL_REPLY_SCHEMA,
        ModelJournalReply,
        onChunk,
      );
      return {
        reply: reply.response,
        mood: guidance && request.mood ? request.mood : reply.mood,
        insights: reply.insights.slice(0, 5),
      };
    },
    reflectionPrompt: async (sessionType) =>
      (await structured(REFLECTION_PROMPT_SYSTEM, reflectionPromptUserMessage(sessionType), PROMPT_SCHEMA, ModelPrompt))
        .prompt,
    storyPrompt: async (step, answers) =>
      (await structured(STORY_PROMPT_SYSTEM, storyPromptUserMessage({ step, answers }), PROMPT_SCHEMA, ModelPrompt))
        .prompt,
    adminAssistant: async (question, context) =>
      (
        await structured(
          ADMIN_ASSISTANT_SYSTEM,
          adminAssistantUserMessage({ question, context }),
          ADMIN_ANSWER_SCHEMA,
          ModelAnswer,
        )
      ).response,
  };
}
