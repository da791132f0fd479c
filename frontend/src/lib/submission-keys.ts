import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { newRequestId } from './request-id';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Submissions sent but not yet answered with success, each with its key. */
const pending = new Map<string, string>();
/** A tab that fails many different submissions keeps only the newest. */
const MAX_PENDING = 50;

/** What makes two POSTs one submission: the same address and the same JSON body. Files are never retried as one. */
function submissionOf(arg: FetchArgs): string | null {
  const { body } = arg;
  if (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  )
    return null;
  return `${arg.url}\n${JSON.stringify(body ?? null)}`;
}

/**
 * The Idempotency-Key of one submission (see the server's idempotentCreates): sent again
 * before it succeeded (a second click while the first is in flight, a retry after a network
 * failure or a 503), the same POST carries the same key, so the server creates once; after
 * a success, the same words posted again are a new submission with a new key.
 */
export function submissionKey(arg: FetchArgs): string {
  const submission = submissionOf(arg);
  if (submission === null) return newRequestId();
  const known = pending.get(submission);
  if (known) return known;
  const key = newRequestId();
  if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
  pending.set(submission, key);
  return key;
}

export function submissionSucceeded(arg: FetchArgs) {
  const submission = submissionOf(arg);
  if (submission !== null) pending.delete(submission);
}
