import type { Context } from 'koa';
import type { AppendResult } from '@reflections/platform/event-store/event-store';
import { answerWithPosition } from '@reflections/platform/http/position-header';

/** A command's answer: with the position of what it appended, or, when it appended nothing (it was so already), with no position to wait for. */
export function answerCommand(ctx: Context, appended: AppendResult | null, status: number, body: unknown) {
  if (appended) return answerWithPosition(ctx, appended.position, status, body);
  ctx.status = status;
  ctx.body = body;
}
