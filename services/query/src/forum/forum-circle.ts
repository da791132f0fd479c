import { ARCHETYPE_IDS, type ArchetypeId, DEFAULT_ARCHETYPE } from '@reflections/contracts/archetypes';

/**
 * A member's archetype as his circle knows it: an account with none (or an id the product no
 * longer has) belongs to the default circle, as the Campfire's sidebar shows him. One parameter:
 * the JSON list of known ids.
 */
export const circleOfAccount = (alias: string) =>
  `(CASE WHEN ${alias}.archetype IN (SELECT jsonb_array_elements_text(?::jsonb)) THEN ${alias}.archetype ELSE '${DEFAULT_ARCHETYPE}' END)`;
export const KNOWN_ARCHETYPES = JSON.stringify(ARCHETYPE_IDS);

export const circleIdOf = (archetype: string | null | undefined): ArchetypeId =>
  (ARCHETYPE_IDS as readonly string[]).includes(archetype ?? '') ? (archetype as ArchetypeId) : DEFAULT_ARCHETYPE;

/** The members of a circle, and their named Campfire posts today (UTC). Parameters: KNOWN_ARCHETYPES and the circle's id, twice. */
export const CIRCLE_FIGURES_SQL = `SELECT
  (SELECT count(*)::int FROM user_accounts a WHERE ${circleOfAccount('a')} = ?) AS members,
  (SELECT count(*)::int FROM forum_posts p JOIN user_accounts u ON u.id = p.author_id
    WHERE ${circleOfAccount('u')} = ? AND p.board = 'campfire' AND NOT p.is_hidden AND NOT p.is_anonymous AND p.deleted_at IS NULL
      AND p.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS posts_today`;
