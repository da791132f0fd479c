import { PERSONAL_DATA, type PersonalData } from '@reflections/contracts/personal-data';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  PageReader,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from './event-store';
import type { MemberKeys } from './member-keys';
import { ownerOf, seal, sealedOf, unseal } from './personal-data-cipher';

/**
 * The event store as every service sees it: a member's personal fields (PERSONAL_DATA) are
 * encrypted with his data key on the way in and decrypted on every way out, so deciders,
 * projectors, replays, reports and the AI worker read plain events and know nothing of keys.
 * Once his key is destroyed (eraseMember) they read as placeholders, and an event appended
 * for him afterwards is written with the placeholders: nothing of him is stored again.
 */
export class EncryptingEventStore implements EventStore {
  /**
   * Events opened already, by the stored event they came from: a process's subscriptions share
   * the pages they read (see RecentEvents), so each event is decrypted once, not once per
   * projector. Dropped whenever a key is destroyed, so nothing opened before stays readable.
   */
  private opened = new WeakMap<RecordedEvent, RecordedEvent>();

  /** The inner store's, each page opened as it is taken: only where the inner store reads ahead. */
  readonly readAllAhead?: (options?: ReadAllOptions) => PageReader;

  constructor(
    private readonly inner: EventStore,
    private readonly keys: MemberKeys,
    private readonly personalData: Readonly<Record<string, PersonalData>> = PERSONAL_DATA,
  ) {
    keys.onErased(() => {
      this.opened = new WeakMap();
    });
    const ahead = inner.readAllAhead?.bind(inner);
    if (ahead)
      this.readAllAhead = (options) => {
        const next = ahead(options);
        return async () => {
          const page = await next();
          return page && { events: await this.unsealed(page.events), scannedTo: page.scannedTo };
        };
      };
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    return this.inner.appendToStream(streamName, await Promise.all(events.map((event) => this.sealed(event))), options);
  }

  async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.unsealed(await this.inner.readStream(streamName, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.unsealed(await this.inner.readAll(options));
  }

  async readAllPage(options?: ReadAllOptions): Promise<ReadAllPage> {
    const page = await this.inner.readAllPage(options);
    return { events: await this.unsealed(page.events), scannedTo: page.scannedTo };
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onBatch: async (events, checkpoint, atHead) => options.onBatch(await this.unsealed(events), checkpoint, atHead),
    });
  }

  /** Makes or reads his key now (it is cached), so his next append does not wait for it. */
  async prepareForMember(memberId: string): Promise<void> {
    await this.keys.keyOf(memberId);
  }

  /** Destroys the member's data key: everything sealed with it is unreadable from now on, in every process. */
  async eraseMember(memberId: string): Promise<void> {
    await this.keys.erase(memberId);
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }

  /** The event as it is to be stored (see PERSONAL_DATA). */
  async sealed(event: EventToAppend): Promise<EventToAppend> {
    const personal = this.personalData[event.type];
    const data = event.data as Record<string, unknown>;
    if (!personal || sealedOf(data)) return event;
    const owner = ownerOf(personal, { data, metadata: event.metadata });
    if (!owner) return event;
    const stored = seal(personal, { id: event.id, data, metadata: event.metadata }, await this.keys.keyOf(owner));
    return { ...event, ...stored };
  }

  private async unsealed(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const keyIds = events.flatMap((event) => (this.opened.has(event) ? [] : (sealedOf(event.data)?.keyId ?? [])));
    const keys = keyIds.length > 0 ? await this.keys.keysById(keyIds) : null;
    const opened = this.opened;
    return events.map((event) => {
      const known = opened.get(event);
      if (known) return known;
      const sealed = sealedOf(event.data);
      if (!sealed || !keys) return event;
      const stored = { id: event.id, data: event.data as Record<string, unknown>, metadata: event.metadata };
      const personal = this.personalData[event.type];
      let plain;
      try {
        plain = unseal(personal, stored, keys.get(sealed.keyId) ?? null);
      } catch (error) {
        // A ciphertext that fails authentication (altered in the table) must not stop every projector: it reads as erased.
        console.error(
          `event ${event.id} (${event.type}): its personal data could not be decrypted (${error instanceof Error ? error.message : String(error)}); read as erased`,
        );
        plain = unseal(personal, stored, null);
      }
      const result = { ...event, ...plain };
      opened.set(event, result);
      return result;
    });
  }
}

/** Erases through the store (or a test's wrapper of it); a store that does not encrypt could not shred anything, and saying so beats a silent no-op. */
export async function eraseMemberData(store: EventStore, memberId: string): Promise<void> {
  const eraser = store as Partial<Pick<EncryptingEventStore, 'eraseMember'>>;
  if (typeof eraser.eraseMember !== 'function')
    throw new Error('erasure needs the encrypting event store (connectEventStore)');
  await eraser.eraseMember(memberId);
}
