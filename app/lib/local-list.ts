/**
 * A small store kept in localStorage that React components read with useSyncExternalStore, shared
 * by the cart and the guest wishlist. An unparseable stored value reads as empty. `load` reads the
 * stored value the first time this page needs it (it may repair it); `parse` reads what another tab
 * stored, and must have no side effects: every subscriber of every tab runs it.
 */
export function createLocalStore<T>(
  key: string,
  parse: (raw: string | null) => T[],
  load: (raw: string | null) => T[] = parse,
) {
  const EMPTY: T[] = [];
  let items: T[] | null = null;
  const listeners = new Set<() => void>();

  const snapshot = (): T[] => {
    if (items === null) items = typeof window === 'undefined' ? EMPTY : load(readStored(key));
    return items;
  };

  /** Keeps `next`; false when the browser refused to store it (it then lasts for this page view only). */
  const commit = (next: T[]): boolean => {
    items = next;
    let kept = true;
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Private mode or a full disk: the list still works for this page view.
      kept = false;
    }
    for (const listener of listeners) listener();
    return kept;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      items = parse(event.newValue);
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return { snapshot, commit, subscribe, serverSnapshot: () => EMPTY };
}

/** What is stored under `key`, or null when the browser refuses storage to this page altogether. */
function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
