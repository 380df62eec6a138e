import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
// Types only: the library itself is imported dynamically below.
// eslint-disable-next-line no-restricted-imports
import type * as SonnerModule from 'sonner';
import { TRY_AGAIN, withRetries } from './retries';

/**
 * Toasts, with the toast library (sonner) kept out of the page's first JavaScript: no page needs it
 * to render or to work, and loading it with the page cost a cheap phone a share of the long task that
 * evaluates the page's modules (its stylesheet is injected as it loads; docs/decisions/022). The
 * library is fetched once the page has hydrated and the browser is idle, or at the first toast,
 * whichever comes first.
 *
 * - A toast asked for before the library is there is shown once it is (sonner replays to its Toaster
 *   the toasts created before it subscribed), and not before its live region has been on the page a
 *   moment, so that screen readers announce it (a region inserted together with its text often is not).
 * - A weak network may lose the library's file: it is asked for again a few times; if it never comes,
 *   the page goes on without toasts rather than failing.
 */
type Sonner = typeof SonnerModule;
type Options = Parameters<Sonner['toast']>[1];
type ToasterProps = ComponentProps<Sonner['Toaster']>;

/** Waits before each try of fetching the library: at once, then after 2 s and 5 s. */
const LOAD_TRIES_MS = [0, 2000, 5000];
/** How long the live region is on the page before the first toast goes into it. */
const LIVE_REGION_LEAD_MS = 400;

let loading: Promise<Sonner | null> | undefined;
function loadSonner(): Promise<Sonner | null> {
  loading ??= withRetries(LOAD_TRIES_MS, async () => {
    try {
      return await import('sonner');
    } catch {
      return TRY_AGAIN; // the file was lost on the way
    }
  }).then((loaded) => loaded ?? null);
  return loading;
}

let regionIsReady: () => void = () => {};
const regionReady = new Promise<void>((resolve) => (regionIsReady = resolve));

/** Set once a toast is asked for; the Toaster then mounts at once instead of waiting for idle time. */
let toastAsked = false;
let mountToaster: (() => void) | undefined;

/**
 * Toasts asked for and not drawn yet (the library still loading, or its live region not ready), kept
 * on <html> as `data-toasts-pending` while there are any: the end-to-end tests wait for it before
 * judging what the page looks like.
 */
let pending = 0;
function countPending(change: 1 | -1) {
  pending += change;
  if (pending > 0) document.documentElement.dataset.toastsPending = String(pending);
  else delete document.documentElement.dataset.toastsPending;
}

function show(kind: 'message' | 'success' | 'error' | 'warning', title: string, options?: Options) {
  toastAsked = true;
  mountToaster?.();
  countPending(1);
  void Promise.all([loadSonner(), regionReady])
    .then(([loaded]) => {
      if (!loaded) return;
      if (kind === 'message') loaded.toast(title, options);
      else loaded.toast[kind](title, options);
    })
    .finally(() => countPending(-1));
}

/** The same calls as sonner's `toast`: `toast(title, options)`, `toast.success`, `.error`, `.warning`. */
export const toast = Object.assign((title: string, options?: Options) => show('message', title, options), {
  success: (title: string, options?: Options) => show('success', title, options),
  error: (title: string, options?: Options) => show('error', title, options),
  warning: (title: string, options?: Options) => show('warning', title, options),
});

/** Sonner's Toaster, and a moment later the word that its live region is there. */
function SonnerToasterWithRegion({
  Toaster: SonnerToaster,
  ...props
}: ToasterProps & { Toaster: Sonner['Toaster'] }) {
  useEffect(() => {
    const timer = window.setTimeout(regionIsReady, LIVE_REGION_LEAD_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return <SonnerToaster {...props} />;
}

const NoToaster: ComponentType<ToasterProps> = () => null;

const LazyToaster = lazy<ComponentType<ToasterProps>>(() =>
  loadSonner().then((loaded) => ({
    default: loaded
      ? (props: ToasterProps) => <SonnerToasterWithRegion Toaster={loaded.Toaster} {...props} />
      : NoToaster,
  })),
);

/** Where toasts appear: mounted after hydration when the browser is idle, or at the first toast. */
export function Toaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (toastAsked) return want();
    mountToaster = want;
    // Safari has no requestIdleCallback: a short timer stands in.
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(want, { timeout: 2000 })
        : window.setTimeout(want, 200);
    return () => {
      if (mountToaster === want) mountToaster = undefined;
      if (typeof window.requestIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
