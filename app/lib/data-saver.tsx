import { createContext, useContext, useSyncExternalStore } from 'react';
import { DATA_SAVER_COOKIE } from '#core/data-saver';
import { rememberInCookie } from './browser-cookie';

/**
 * Whether this page is drawn for data saving (core/data-saver.ts): decided by entry.server for the
 * request, written on <html> as `data-saver` by the root layout, read from there by the browser, and
 * changed there by the footer's switch (setDataSaver).
 */
const DataSaverContext = createContext(false);
export const DataSaverProvider = DataSaverContext.Provider;

const inBrowser = typeof document !== 'undefined';
let current = inBrowser && document.documentElement.hasAttribute('data-saver');
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDataSaver(): boolean {
  const server = useContext(DataSaverContext);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => (inBrowser ? current : server),
  );
}

/** The footer's switch: remembered for this browser, and the page redrawn at once. */
export function setDataSaver(on: boolean): void {
  rememberInCookie(DATA_SAVER_COOKIE, on ? 'on' : 'off');
  current = on;
  for (const listener of listeners) listener();
}
