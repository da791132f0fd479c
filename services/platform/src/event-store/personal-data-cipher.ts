import { createCipheriv, createDecipheriv, randomFillSync } from 'node:crypto';
import type { PersonalData } from '@reflections/contracts/personal-data';
import { CAUSED_BY, ERASED_MEMBER_ID } from '@reflections/contracts/personal-data';
import type { EventMetadata } from '@reflections/contracts/metadata';

/** Where an encrypted event keeps its personal fields, in place of them. */
export const SEALED = '$personal';

/** AES-256-GCM, its 12-byte IV and 16-byte tag beside the ciphertext; the event id is authenticated with it. */
export type Sealed = { readonly keyId: string; readonly iv: string; readonly tag: string; readonly data: string };

const IV_BYTES = 12;
/** IVs drawn from the system's random source this many at a time, as node:crypto's randomUUID does. */
const IVS_PER_FILL = 256;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;

/**
 * A fresh random IV. A call to the random source per IV was a third of a forum post's sealing
 * in a profile under load (docs/performance.md); the bytes are as random taken in bulk, and
 * each is handed out once.
 */
function nextIv(): Buffer {
  if (ivOffset === ivPool.length) {
    ivPool = randomFillSync(Buffer.allocUnsafe(IV_BYTES * IVS_PER_FILL));
    ivOffset = 0;
  }
  ivOffset += IV_BYTES;
  return ivPool.subarray(ivOffset - IV_BYTES, ivOffset);
}

type Plain = { readonly data: Record<string, unknown>; readonly metadata: EventMetadata };
type Hidden = { fields: Record<string, unknown>; causedBy?: string | null };

/** A copy of data with each path set to its value; a path into a missing object (answers: null) is left out. */
function withPaths(
  data: Record<string, unknown>,
  values: Record<string, unknown>,
  keep: (path: string) => boolean = () => true,
): Record<string, unknown> {
  return setPaths({ ...data }, values, keep);
}

/** `copy` (a copy of its own, not shared) with each path set, as withPaths: an object it holds is replaced, never changed. */
function setPaths(
  copy: Record<string, unknown>,
  values: Record<string, unknown>,
  keep: (path: string) => boolean = () => true,
): Record<string, unknown> {
  for (const path in values) {
    if (!keep(path)) continue;
    const value = values[path];
    const dot = path.indexOf('.');
    if (dot < 0) copy[path] = value;
    else {
      const head = path.slice(0, dot);
      const tail = path.slice(dot + 1).split('.', 1)[0];
      if (copy[head] !== null && typeof copy[head] === 'object')
        copy[head] = { ...(copy[head] as Record<string, unknown>), [tail]: value };
    }
  }
  return copy;
}

function withoutPaths(data: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...data };
  for (const path of paths) {
    const [head, tail] = path.split('.', 2) as [string, string | undefined];
    if (tail === undefined) delete copy[head];
    else if (copy[head] !== null && typeof copy[head] === 'object') {
      const inner = { ...(copy[head] as Record<string, unknown>) };
      delete inner[tail];
      copy[head] = inner;
    }
  }
  return copy;
}

export const hidesOwner = (personal: PersonalData, data: Record<string, unknown>) =>
  personal.hidesOwner === true || (typeof personal.hidesOwner === 'string' && data[personal.hidesOwner] === true);

/** The member whose key an event's personal fields take, or null when it names none. */
export const ownerOf = (personal: PersonalData, event: Plain): string | null => {
  const owner = personal.owner === CAUSED_BY ? event.metadata.causedBy : event.data[personal.owner];
  return typeof owner === 'string' && owner !== '' ? owner : null;
};

/** A personal field's path, split once per event type: `head`, or `head.tail` inside an object. */
type FieldPath = { readonly path: string; readonly head: string; readonly tail: string | undefined };
const fieldPaths = new WeakMap<PersonalData, readonly FieldPath[]>();

function pathsOf(personal: PersonalData): readonly FieldPath[] {
  let paths = fieldPaths.get(personal);
  if (!paths) {
    paths = Object.keys(personal.fields).map((path) => {
      const [head, tail] = path.split('.', 2) as [string, string | undefined];
      return { path, head, tail };
    });
    fieldPaths.set(personal, paths);
  }
  return paths;
}

const valueAt = (data: Record<string, unknown>, { head, tail }: FieldPath): { found: boolean; value?: unknown } => {
  if (!(head in data)) return { found: false };
  if (tail === undefined) return { found: true, value: data[head] };
  const inner = data[head];
  return inner !== null && typeof inner === 'object' && tail in inner
    ? { found: true, value: (inner as Record<string, unknown>)[tail] }
    : { found: false };
};

/**
 * A copy of data without the top-level keys in `dropped`, built key by key: a spread copy
 * with keys then deleted is an object V8 keeps as a dictionary, slower for every later read
 * and for the JSON the append writes (sealing was a tenth of a forum post's request thread).
 */
function copyWithout(data: Record<string, unknown>, dropped: ReadonlySet<string>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!dropped.has(key)) copy[key] = data[key];
  return copy;
}

/** The event as stored: personal fields (and a hidden owner link) sealed with his key, or, with no key (he is erased), their placeholders. */
export function seal(
  personal: PersonalData,
  event: Plain & { id: string },
  key: { keyId: string; key: Buffer } | null,
): Plain {
  const hideOwner = hidesOwner(personal, event.data);
  if (!key) {
    const paths = pathsOf(personal)
      .filter((path) => valueAt(event.data, path).found)
      .map(({ path }) => path);
    const placeholders = withPaths(event.data, personal.fields, (path) => paths.includes(path));
    if (!hideOwner) return { data: placeholders, metadata: event.metadata };
    return {
      data: personal.owner === CAUSED_BY ? placeholders : { ...placeholders, [personal.owner]: ERASED_MEMBER_ID },
      metadata: { ...event.metadata, causedBy: null },
    };
  }
  const fields: Record<string, unknown> = {};
  const dropped = new Set<string>();
  const nested: string[] = [];
  for (const path of pathsOf(personal)) {
    const { found, value } = valueAt(event.data, path);
    if (!found) continue;
    fields[path.path] = value;
    if (path.tail === undefined) dropped.add(path.head);
    else nested.push(path.path);
  }
  const hidden: Hidden = { fields };
  let metadata = event.metadata;
  if (hideOwner) {
    hidden.causedBy = event.metadata.causedBy;
    metadata = { ...metadata, causedBy: null };
    if (personal.owner !== CAUSED_BY) {
      fields[personal.owner] = event.data[personal.owner];
      dropped.add(personal.owner);
    }
  }
  const data =
    nested.length > 0 ? withoutPaths(copyWithout(event.data, dropped), nested) : copyWithout(event.data, dropped);
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(event.id));
  const sealedBytes = cipher.update(JSON.stringify(hidden), 'utf8');
  // GCM's final block is empty: no second copy of the ciphertext for it.
  const last = cipher.final();
  const ciphertext = last.length === 0 ? sealedBytes : Buffer.concat([sealedBytes, last]);
  data[SEALED] = {
    keyId: key.keyId,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: ciphertext.toString('base64'),
  } satisfies Sealed;
  return { data, metadata };
}

const SEALED_ONLY: ReadonlySet<string> = new Set([SEALED]);

export const sealedOf = (data: unknown): Sealed | null =>
  data !== null && typeof data === 'object' && SEALED in data
    ? ((data as Record<string, unknown>)[SEALED] as Sealed)
    : null;

/** The event as it was appended, or, once its key is destroyed, with the placeholders in place of what was sealed. */
export function unseal(personal: PersonalData | undefined, event: Plain & { id: string }, key: Buffer | null): Plain {
  const sealed = sealedOf(event.data);
  if (!sealed) return event;
  // Built key by key, not spread and deleted from: an object V8 keeps fast for every projector that reads it.
  const data = copyWithout(event.data, SEALED_ONLY);
  if (!key) {
    const placeholders = withPaths(data, personal?.fields ?? {});
    // Whether the link was hidden is not readable any more: a hidden owner is the one missing from the data.
    const ownerHidden = personal && personal.owner !== CAUSED_BY && !(personal.owner in data);
    return ownerHidden
      ? { data: { ...placeholders, [personal.owner]: ERASED_MEMBER_ID }, metadata: event.metadata }
      : { data: placeholders, metadata: event.metadata };
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(event.id));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const hidden = JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8'),
  ) as Hidden;
  const metadata = 'causedBy' in hidden ? { ...event.metadata, causedBy: hidden.causedBy ?? null } : event.metadata;
  return { data: setPaths(data, hidden.fields), metadata };
}
