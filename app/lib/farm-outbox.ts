import { useSyncExternalStore } from 'react';
import { EntrySchema, type EntryInput } from '#core/farm/schemas';
import { createLocalStore } from './local-list';

/**
 * The farm book's lines written on this phone and not yet in the book (issue 50 §8, decision 059).
 * A tap saves the line here at once, whatever the signal; FarmSync sends what is waiting whenever there
 * is a connection, and a line leaves only when the server has it (saved now, or saved before: each
 * line's id was made here, so a line sent twice counts once). Kept per signed-in user, so another
 * account on a shared phone neither sees nor sends them; kept through a closed tab, a restarted
 * browser and a sign-out (warned first: `unsentLinesOnThisPhone`).
 */

import { FARM_OUTBOX_PREFIX, noteOutboxKept, outboxNotKept } from './farm-outbox-count';

export { FARM_OUTBOX_PREFIX };

export interface QueuedLine {
  farmId: number;
  entry: EntryInput;
  /** Set when the server refused the line for good: its message, kept until the farmer dismisses it. */
  refused?: { message: string; field: string };
}

function parseLines(raw: string | null): QueuedLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((line: unknown) => {
      const { farmId, entry, refused } = (line ?? {}) as Partial<QueuedLine>;
      const checked = EntrySchema.safeParse(entry);
      if (!Number.isInteger(farmId) || !checked.success) return [];
      return [{ farmId: farmId!, entry: checked.data, ...(refused ? { refused } : {}) }];
    });
  } catch {
    return [];
  }
}

const stores = new Map<string, ReturnType<typeof makeOutbox>>();

function makeOutbox(userKey: string) {
  const store = createLocalStore<QueuedLine>(`${FARM_OUTBOX_PREFIX}${userKey}`, parseLines);
  const listeners = new Set<() => void>();
  const commit = (next: QueuedLine[]) => {
    const before = outboxNotKept(userKey);
    noteOutboxKept(userKey, store.commit(next), next.filter((line) => !line.refused).length);
    if (outboxNotKept(userKey) !== before) for (const listener of listeners) listener();
  };
  return {
    store,
    /** Saves a line on this phone: the farmer's tap is done once this returns. */
    add(farmId: number, entry: EntryInput) {
      commit([...store.snapshot(), { farmId, entry }]);
    },
    /** The server has these lines: they leave. */
    settled(ids: readonly string[]) {
      const gone = new Set(ids);
      if (store.snapshot().some((line) => gone.has(line.entry.id)))
        commit(store.snapshot().filter((line) => !gone.has(line.entry.id)));
    },
    refused(refusals: readonly { id: string; message: string; field: string }[]) {
      const byId = new Map(refusals.map((refusal) => [refusal.id, refusal]));
      commit(
        store.snapshot().map((line) => {
          const refusal = byId.get(line.entry.id);
          return refusal ? { ...line, refused: { message: refusal.message, field: refusal.field } } : line;
        }),
      );
    },
    dismiss(id: string) {
      commit(store.snapshot().filter((line) => line.entry.id !== id));
    },
    /** Whether the browser refused to keep the lines (private mode, a full disk): they last this page view only. */
    notKept: () => outboxNotKept(userKey),
    subscribeKept(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function farmOutbox(userKey: string) {
  let outbox = stores.get(userKey);
  if (!outbox) stores.set(userKey, (outbox = makeOutbox(userKey)));
  return outbox;
}

/** The lines of `farmId` waiting on this phone (and those refused), live. */
export function useFarmOutbox(userKey: string, farmId: number) {
  const outbox = farmOutbox(userKey);
  const lines = useSyncExternalStore(
    outbox.store.subscribe,
    outbox.store.snapshot,
    outbox.store.serverSnapshot,
  );
  const notKept = useSyncExternalStore(outbox.subscribeKept, outbox.notKept, () => false);
  return { lines: lines.filter((line) => line.farmId === farmId), outbox, notKept };
}

/** An id for a line made on this phone (crypto.randomUUID needs a secure page; the fallback does not). */
export function newLineId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
