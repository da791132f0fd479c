/** The AI settings shared by the worker, the in-process bus and the command service's wait. */
export type AiConfig = {
  /** Unset: the offline responder answers and only the local crisis detector runs. */
  openaiApiKey: string | null;
  openaiBaseUrl: string | null;
  openaiModel: string;
  /** How long a request waits for RAI's reply before answering 503 (the reply still lands later). */
  replyTimeoutMs: number;
  /** Jobs one worker handles at once. */
  concurrency: number;
  /** Timeout of one call to the model; the openai client retries within the job. */
  openaiTimeoutMs: number;
  openaiMaxRetries: number;
  /** A dead worker's jobs go to another after this long (AI_ACK_WAIT_MS, 10 s); a live one says it is still working every third of it. */
  ackWaitMs: number;
  /** Prefixes the JetStream stream, subjects and consumer (AI_QUEUE_PREFIX): deployments sharing one NATS keep their own queue. */
  queuePrefix: string;
};

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  return {
    openaiApiKey: env.OPENAI_API_KEY || null,
    openaiBaseUrl: env.OPENAI_BASE_URL || null,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    replyTimeoutMs: positive(env.AI_REPLY_TIMEOUT_MS, 25_000),
    concurrency: Math.floor(positive(env.AI_WORKER_CONCURRENCY, 8)),
    openaiTimeoutMs: positive(env.OPENAI_TIMEOUT_MS, 20_000),
    openaiMaxRetries: Math.floor(positive(env.OPENAI_MAX_RETRIES, 2)),
    ackWaitMs: positive(env.AI_ACK_WAIT_MS, 10_000),
    queuePrefix: env.AI_QUEUE_PREFIX ?? '',
  };
}
