import type * as t from 'io-ts';
import { toErrorBody } from '@reflections/contracts/validation';
import { badRequest } from './http-error';

/** Decodes client input with its contract codec, or throws a 400 naming each bad field. */
export function decodeOrThrow<A, O>(codec: t.Type<A, O, unknown>, input: unknown): A {
  const result = codec.decode(input === undefined ? {} : input);
  if (result._tag === 'Left') throw badRequest(toErrorBody(result.left));
  return result.right;
}
