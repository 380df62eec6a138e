import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
} from 'react';
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
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(regionIsReady, LIVE_REGION_LEAD_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => watchToastRoom(wrap.current!), []);
  return (
    <div ref={wrap} className="contents">
      <SonnerToaster {...props} />
    </div>
  );
}

/**
 * The room toasts take on a phone. A toast laid over the page covers whatever is under it: the
 * header's links, or the heading and fields right below it. On a phone (sonner's own breakpoint) the
 * header therefore grows by the toasts' height while they show (`ToastRoom`, its last child) and
 * the toasts sit in that room: the page moves down instead of being covered. Scroll anchoring is
 * off meanwhile, or the browser would scroll the page back under the grown header.
 */
const PHONE = '(max-width: 600px)';
/** Sonner's default gap between stacked toasts; the two behind the front one peek out by it. */
const STACK_GAP_PX = 14;
/** Space above and below the toasts inside the room. */
const ROOM_MARGIN_PX = 8;

let roomHeight = 0;
const roomListeners = new Set<() => void>();
function setRoomHeight(height: number) {
  if (height === roomHeight) return;
  roomHeight = height;
  // Chrome reads the page's scroll anchoring from <body>, the standard from <html>: both.
  for (const element of [document.documentElement, document.body]) {
    element.style.overflowAnchor = height > 0 ? 'none' : '';
  }
  for (const listener of roomListeners) listener();
}

function watchToastRoom(wrap: HTMLElement): () => void {
  const phone = window.matchMedia(PHONE);
  let frame = 0;
  const measure = () => {
    frame = 0;
    const list = wrap.querySelector<HTMLElement>('[data-sonner-toaster]');
    const front = list ? parseFloat(list.style.getPropertyValue('--front-toast-height')) || 0 : 0;
    if (!phone.matches || !list || front === 0) return setRoomHeight(0);
    const shown = list.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])').length;
    if (shown === 0) return setRoomHeight(0);
    setRoomHeight(front + Math.min(shown - 1, 2) * STACK_GAP_PX + 2 * ROOM_MARGIN_PX);
  };
  const schedule = () => (frame ||= window.requestAnimationFrame(measure));
  const observer = new MutationObserver(schedule);
  observer.observe(wrap, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['style', 'data-removed'],
  });
  phone.addEventListener('change', schedule);
  return () => {
    observer.disconnect();
    phone.removeEventListener('change', schedule);
    window.cancelAnimationFrame(frame);
    setRoomHeight(0);
  };
}

/** The header's last child: as tall as the toasts showing on a phone, and where they are drawn. */
export function ToastRoom() {
  const height = useSyncExternalStore(
    (listener) => {
      roomListeners.add(listener);
      return () => roomListeners.delete(listener);
    },
    () => roomHeight,
    () => 0,
  );
  const room = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (height === 0) return;
    const top = room.current!.getBoundingClientRect().top + ROOM_MARGIN_PX;
    document.documentElement.style.setProperty('--toast-room-top', `${top}px`);
  }, [height]);
  return <div ref={room} aria-hidden="true" style={{ height }} />;
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
