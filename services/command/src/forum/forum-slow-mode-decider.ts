import * as t from 'io-ts';
import type { ForumBoard } from '@reflections/contracts/forum';
import { ForumSlowModeSet, SlowModePostCounted } from '@reflections/contracts/forum-slow-mode';
import { accept, type Decider, reject, type Rejection } from '@reflections/platform/command/decider';

/** A board's settings stream: its slow mode today. */
export type BoardSettings = { readonly slowModeSeconds: number };

export type SetSlowMode = {
  type: 'SetSlowMode';
  board: ForumBoard;
  seconds: number;
  reason: string;
  adminId: string;
  now: string;
};

/** Setting what is already set appends nothing: no moderator action happened. */
export const boardSettingsDecider: Decider<BoardSettings, SetSlowMode, ForumSlowModeSet, Rejection<never>> = {
  codec: ForumSlowModeSet,
  initialState: { slowModeSeconds: 0 },
  evolve: (_state, event) => ({ slowModeSeconds: event.data.seconds }),
  decide: (command, state) =>
    command.seconds === state.slowModeSeconds
      ? accept()
      : accept({
          type: 'ForumSlowModeSet',
          data: {
            board: command.board,
            seconds: command.seconds,
            reason: command.reason,
            adminId: command.adminId,
            at: command.now,
          },
        }),
};

/** A member's pacing stream for one board: when his last counted post was. */
export type Pacing = { readonly lastPostAt: string | null };

export type CountPost = { type: 'CountPost'; board: ForumBoard; memberId: string; seconds: number; now: string };

export type SlowModeRejection = { reason: 'SlowMode'; waitSeconds: number };

/**
 * A new post is counted when his last one on this board is at least `seconds` old; else the
 * refusal says how many whole seconds are left (never 0: he would be told "now" and refused).
 */
export const pacingDecider: Decider<Pacing, CountPost, SlowModePostCounted, SlowModeRejection> = {
  codec: SlowModePostCounted as unknown as t.Type<SlowModePostCounted, unknown, unknown>,
  initialState: { lastPostAt: null },
  evolve: (_state, event) => ({ lastPostAt: event.data.at }),
  decide: (command, state) => {
    const earliest = state.lastPostAt === null ? -Infinity : Date.parse(state.lastPostAt) + command.seconds * 1000;
    const waitMs = earliest - Date.parse(command.now);
    if (waitMs > 0) return reject('SlowMode', { waitSeconds: Math.ceil(waitMs / 1000) });
    return accept({
      type: 'SlowModePostCounted',
      data: { board: command.board, memberId: command.memberId, at: command.now },
    });
  },
};
