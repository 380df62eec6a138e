/**
 * Taps on Add to Cart before the page has hydrated (on a cheap phone over a weak network the
 * page is readable seconds before its JavaScript runs). A few lines of script in the page's head note
 * each such tap on an element marked `data-early-tap="{product id}"` and mark the button as waiting;
 * once the button is live it adds what was tapped. Nothing is lost, and nothing is added twice: a
 * button that is live no longer notes taps, and each noted tap is taken once.
 */

/** Marks an element whose taps are kept until it is live; the value is the product's id. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
/** Set on a button while a tap on it waits for the page to come alive (app.css shows it). */
export const EARLY_TAPPED_ATTRIBUTE = 'data-early-tapped';
/** Set on a button's element once React handles its taps. */
const LIVE = '__fcLive';
const QUEUE = '__fcEarlyTaps';

declare global {
  interface Window {
    [QUEUE]?: string[];
  }
}

/** Written into <head> by entry.server.tsx (never part of a bundle): runs before any of the page's modules. */
export const EARLY_TAP_SCRIPT = `(function(){var q=window.${QUEUE}=[];document.addEventListener('click',function(e){var t=e.target;var b=t&&t.closest&&t.closest('[${EARLY_TAP_ATTRIBUTE}]');if(!b||b.${LIVE})return;e.preventDefault();q.push(b.getAttribute('${EARLY_TAP_ATTRIBUTE}'));b.setAttribute('${EARLY_TAPPED_ATTRIBUTE}','');},true);})();`;

/** Called as the button becomes live (in a layout effect, before any tap can reach React). */
export function markLive(element: HTMLElement): void {
  (element as HTMLElement & { [LIVE]?: boolean })[LIVE] = true;
}

/** How many taps on `productId`'s button came before it was live; each is taken once. */
export function takeEarlyTaps(productId: number, element: HTMLElement | null): number {
  const queue = window[QUEUE];
  element?.removeAttribute(EARLY_TAPPED_ATTRIBUTE);
  if (!queue) return 0;
  // In place: the script in the head keeps pushing onto this very array.
  const id = String(productId);
  let taken = 0;
  for (let i = queue.length - 1; i >= 0; i--) {
    if (queue[i] !== id) continue;
    queue.splice(i, 1);
    taken++;
  }
  return taken;
}
