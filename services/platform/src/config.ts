import path from 'node:path';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from './session/session-lifetime';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every setting comes from the environment; the defaults run the embedded mode untouched. */
export type Config = {
  port: number;
  /** The address the services listen on (HOST); unset: every interface. */
  host: string | null;
  /** /readyz fails while a projector is more than this many seconds behind the log (READY_MAX_LAG_SECONDS). */
  readyMaxLagSeconds: number;
  dataDir: string;
  /** External PostgreSQL for read models, sessions (and events, without EVENTSTORE_URL). Unset: embedded. */
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  /** EventStoreDB connection string. Unset: the PostgreSQL event store. */
  eventStoreUrl: string | null;
  /** NATS with JetStream. Unset: the AI worker runs in-process. */
  natsUrl: string | null;
  sessionSecret: string | null;
  readYourWritesTimeoutMs: number;
  bodyLimitBytes: number;
  /** Called by the admin panel's deploy button. Unset: deploy answers 503. */
  deployHookUrl: string | null;
  /** Reverse proxies in front whose X-Forwarded-* headers are believed (TRUST_PROXY). 0: addresses come from the socket. */
  trustProxyHops: number;
  /** The origins the app is served from (PUBLIC_ORIGIN, comma-separated); empty: each request's own. Writes from any other are refused. */
  publicOrigins: string[];
  /** SESSION_IDLE_DAYS (7) without a request, SESSION_MAX_DAYS (30) after sign-in at most. */
  sessionLifetime: SessionLifetime;
};

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
};

/** TRUST_PROXY: unset, empty, `false` or `0` trusts none; `true` one proxy (nginx); a number that many. */
const proxyHops = (value: string | undefined) => {
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: number(env.PORT, 3000),
    host: env.HOST || null,
    readyMaxLagSeconds: number(env.READY_MAX_LAG_SECONDS, 30),
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || null,
    embeddedPostgresPort: number(env.EMBEDDED_POSTGRES_PORT, 54329),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    natsUrl: env.NATS_URL || null,
    sessionSecret: env.SESSION_SECRET || null,
    readYourWritesTimeoutMs: number(env.READ_YOUR_WRITES_TIMEOUT_MS, 3000),
    bodyLimitBytes: number(env.BODY_LIMIT_BYTES, 64 * 1024),
    deployHookUrl: env.DEPLOY_HOOK_URL || null,
    trustProxyHops: proxyHops(env.TRUST_PROXY),
    sessionLifetime: {
      idleMs: number(env.SESSION_IDLE_DAYS, DEFAULT_SESSION_LIFETIME.idleMs / DAY_MS) * DAY_MS,
      maxMs: number(env.SESSION_MAX_DAYS, DEFAULT_SESSION_LIFETIME.maxMs / DAY_MS) * DAY_MS,
    },
    publicOrigins: (env.PUBLIC_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  };
}
