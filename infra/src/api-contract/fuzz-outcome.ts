import type { ApiCaller, ApiRoute } from '@reflections/contracts/api-routes';
import { ErrorBody, toErrorBody } from '@reflections/contracts/validation';
import type { RawAnswer } from './raw-request';

/** What one fuzz request got, judged against the route's table entry. */
export type Outcome = {
  route: string;
  caller: ApiCaller;
  name: string;
  /** Sent as X-Request-Id, so it is the correlation id of every event the request appended. */
  requestId: string;
  status: number | 'no answer';
  detail: string;
  /** False when a refusal is not the shared error body. */
  errorBody: boolean;
  /** The fields a refusal named. */
  fields: string[];
  /** Whether a success was checked against the table's response codec, and what did not match. */
  checked: boolean;
  unlikeContract?: string;
};

function asErrorBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return ErrorBody.is(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Judges an answer; returns its JSON when it was a success, for the ids it hands out. */
export function judge(outcome: Outcome, route: ApiRoute, answer: RawAnswer): unknown {
  outcome.status = answer.status;
  const json: unknown = answer.status < 300 && /^[[{n]/.test(answer.body) ? JSON.parse(answer.body) : undefined;
  const decoded =
    json !== undefined && answer.status === route.response.status ? route.response.codec?.decode(json) : undefined;
  outcome.checked = decoded !== undefined;
  if (decoded?._tag === 'Left') outcome.unlikeContract = toErrorBody(decoded.left).error;
  if (answer.status >= 400) {
    const error = asErrorBody(answer.body);
    outcome.errorBody = error !== null;
    outcome.fields = Object.keys(error?.fields ?? {});
    if (!error || answer.status >= 500) outcome.detail = answer.body.slice(0, 160);
  }
  return json;
}
