import * as t from 'io-ts';
import { withMessage } from './validation';

/**
 * Support reactions (issue 26): words of support that fit the Campfire, not "likes". A member
 * gives each kind at most once to a post or a reply. Counts are for everyone; who reacted is
 * for the author alone, and never a member who reacted anonymously.
 */
export const REACTION_KINDS = { 'hear-you': 'I hear you', 'been-there': 'Been there', strength: 'Strength' } as const;
export const ReactionKind = withMessage(
  t.keyof({ 'hear-you': null, 'been-there': null, strength: null }),
  'Choose I hear you, Been there or Strength',
);
export type ReactionKind = t.TypeOf<typeof ReactionKind>;

export const ReactionRequest = t.exact(t.type({ kind: ReactionKind, isAnonymous: t.union([t.boolean, t.undefined]) }));
export type ReactionRequest = t.TypeOf<typeof ReactionRequest>;

/** The reply's id is null for a reaction to the post itself. */
const reactionFields = {
  postId: t.string,
  replyId: t.union([t.string, t.null]),
  kind: ReactionKind,
  memberId: t.string,
  at: t.string,
};
export const ReactionGiven = t.type({
  type: t.literal('ReactionGiven'),
  data: t.type({ ...reactionFields, isAnonymous: t.boolean }),
});
export type ReactionGiven = t.TypeOf<typeof ReactionGiven>;
export const ReactionWithdrawn = t.type({ type: t.literal('ReactionWithdrawn'), data: t.type(reactionFields) });
export type ReactionWithdrawn = t.TypeOf<typeof ReactionWithdrawn>;

/** What a post or a reply shows of its reactions. `reactors` only in its author's own view (else null). */
export const ReactionsView = t.type({
  counts: t.type({ 'hear-you': t.number, 'been-there': t.number, strength: t.number }),
  mine: t.array(ReactionKind),
  reactors: t.union([t.array(t.type({ kind: ReactionKind, name: t.string })), t.null]),
});
export type ReactionsView = t.TypeOf<typeof ReactionsView>;

export const ReactionResponse = t.type({ reactions: t.literal(true) });
