import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { comparePositions, formatPosition, parsePosition, type Position } from '@reflections/contracts/position';
import { endsSession, sessionEnded } from './session-signal';
import { IDEMPOTENCY_KEY_HEADER, submissionKey, submissionSucceeded } from './submission-keys';

/**
 * Every non-OK answer (docs/product.md#requests-and-errors): `message` is "{status}: {body text or status text}";
 * `data` is the body, parsed when it is JSON, so callers can read fields such as `error`.
 */
export type ApiError = {
  readonly status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  readonly data: unknown;
  readonly message: string;
};

// The highest event-log position this tab has seen; reads ask the query side to have caught up with it.
// Calls made outside RTK Query (streamed replies) report theirs through rememberPosition.
let seenPosition: Position | null = null;

export function rememberPosition(header: string | null | undefined) {
  const position = parsePosition(header);
  if (position && (!seenPosition || comparePositions(position, seenPosition) > 0)) seenPosition = position;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const methodOf = (arg: string | FetchArgs) => (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();

const fetchText = fetchBaseQuery({
  credentials: 'include',
  responseHandler: 'text',
  prepareHeaders: (headers, { arg }) => {
    if (seenPosition && methodOf(arg) === 'GET') headers.set('X-Min-Position', formatPosition(seenPosition));
    // Every write says JSON, a bodiless one too: the API refuses any other (or none) from a browser, as a guard against cross-site forms.
    if (!SAFE_METHODS.has(methodOf(arg)) && !headers.has('Content-Type'))
      headers.set('Content-Type', 'application/json');
    // Every POST that creates is answered once per key: a feature may pass its own, else one per submission.
    if (typeof arg !== 'string' && methodOf(arg) === 'POST' && !headers.has(IDEMPOTENCY_KEY_HEADER))
      headers.set(IDEMPOTENCY_KEY_HEADER, submissionKey(arg));
    return headers;
  },
});

// HTTP/2 answers carry no status text.
const NO_STATUS_TEXT = 'Request failed';

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (arg, api, extraOptions) => {
  const result = await fetchText(arg, api, extraOptions);
  const response = result.meta?.response;
  rememberPosition(response?.headers.get('X-Position'));
  if (!result.error && typeof arg !== 'string' && methodOf(arg) === 'POST') submissionSucceeded(arg);
  if (!result.error) return { data: parseBody(String(result.data ?? '')), meta: result.meta };
  const { error } = result;
  // A signed-in call refused: the session ended; the session feature clears what this tab knew, once.
  // After this answer has reached its caller: clearing the cache now would abort the call instead.
  if (endsSession(error.status, typeof arg === 'string' ? arg : arg.url))
    setTimeout(() => api.dispatch(sessionEnded()), 0);
  if (typeof error.status === 'number') {
    const text = typeof error.data === 'string' ? error.data : '';
    return {
      error: {
        status: error.status,
        data: parseBody(text),
        message: `${error.status}: ${text || response?.statusText || NO_STATUS_TEXT}`,
      },
      meta: result.meta,
    };
  }
  return { error: { status: error.status, data: null, message: error.error }, meta: result.meta };
};

/** The one API of the app: features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Contact', 'Dashboard', 'Journal', 'Story', 'Peace', 'Forum', 'ForumNotifications', 'Admin'],
  // docs/product.md#data-in-the-web-app: data never goes stale and is never refetched on its own.
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

const isApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  'message' in error &&
  typeof error.message === 'string';

/** The readable message of any RTK Query error (ApiError or SerializedError) or thrown value. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Something went wrong';
}

/** The HTTP status of a failed call, or null when none came (the network, a thrown value). */
export function errorStatus(error: unknown): number | null {
  return isApiError(error) && typeof error.status === 'number' ? error.status : null;
}

/** The parsed body of a failed call, e.g. `{ error, fields }` from the server. */
export function errorBody(error: unknown): unknown {
  return isApiError(error) ? error.data : null;
}
