import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
// Types only: the library itself is imported dynamically below.
// eslint-disable-next-line no-restricted-imports
import type * as SonnerModule from 'sonner';

/**
 * Toasts, with the toast library (sonner) kept out of the page's first JavaScript: no page needs it
 * to render or to work, and loading it with the page cost a cheap phone a share of the long task that
 * evaluates the page's modules (its stylesheet is injected as it loads). The library is fetched once
 * the page has hydrated and the browser is idle, or at the first toast, whichever comes first; a
 * toast asked for before then is shown as soon as it is there (sonner replays the toasts created before
 * its Toaster subscribed), so none is lost.
 */
type Sonner = typeof SonnerModule;
type Options = Parameters<Sonner['toast']>[1];

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

/** Set once a toast is asked for; the Toaster then mounts at once instead of waiting for idle time. */
let toastAsked = false;
let mountToaster: (() => void) | undefined;

function show(kind: 'message' | 'success' | 'error' | 'warning', title: string, options?: Options) {
  toastAsked = true;
  mountToaster?.();
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (kind === 'message') sonnerToast(title, options);
    else sonnerToast[kind](title, options);
  });
}

/** The same calls as sonner's `toast`: `toast(title, options)`, `toast.success`, `.error`, `.warning`. */
export const toast = Object.assign((title: string, options?: Options) => show('message', title, options), {
  success: (title: string, options?: Options) => show('success', title, options),
  error: (title: string, options?: Options) => show('error', title, options),
  warning: (title: string, options?: Options) => show('warning', title, options),
});

const SonnerToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** Where toasts appear: mounted after hydration when the browser is idle, or at the first toast. */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
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
      <SonnerToaster {...props} />
    </Suspense>
  );
}
