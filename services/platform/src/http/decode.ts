import type * as t from 'io-ts';
import { errorBody, isUuid, toErrorBody, UUID_MESSAGE } from '@reflections/contracts/validation';
import { badRequest } from './http-error';

/** Decodes client input with its contract codec, or throws a 400 naming each bad field. */
export function decodeOrThrow<A, O>(codec: t.Type<A, O, unknown>, input: unknown): A {
  const result = codec.decode(input === undefined ? {} : input);
  if (result._tag === 'Left') throw badRequest(toErrorBody(result.left));
  return result.right;
}

/**
 * An id in a route's path, decoded as a UUID (lower-cased, so one id names one stream) or
 * refused with a 400 naming the parameter: a malformed id is a bad request, not a missing
 * thing, and never reaches a stream name or a query.
 */
export function decodePathId(value: unknown, name: string): string {
  if (!isUuid(value)) throw badRequest(errorBody(UUID_MESSAGE, { [name]: UUID_MESSAGE }));
  return value.toLowerCase();
}
