/** Who caused a command's events and which request (or job) they belong to. */
export type CommandContext = {
  userId: string | null;
  correlationId: string;
  /** A keyed create's seed (see the command service's request-ids.ts): its events get ids derived from it, so a retry's repeat is kept once. */
  eventIdSeed?: string | undefined;
};
