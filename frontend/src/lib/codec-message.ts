import { toErrorBody } from '@reflections/contracts/validation';
import type * as t from 'io-ts';

/**
 * What the server would answer for this one value of a field (its codec from contracts/), or
 * undefined when it accepts it: a step of a multi-step flow checks its field the way a form's
 * resolver checks a whole request (docs/frontend.md#forms).
 */
export function codecMessage(codec: t.Decoder<unknown, unknown>, value: unknown): string | undefined {
  const decoded = codec.decode(value);
  return decoded._tag === 'Right' ? undefined : toErrorBody(decoded.left).error;
}
