import * as t from 'io-ts';

/**
 * A member's circle (issue 26): the members who share his archetype, read from the read models.
 * `postsToday` counts their named Campfire posts since midnight UTC (an anonymous post is in no
 * circle's figures, so none can be traced to one).
 */
export const CircleFigures = t.type({ archetype: t.string, members: t.number, postsToday: t.number });
export type CircleFigures = t.TypeOf<typeof CircleFigures>;
