import { addedToCartMessage, type EarlyAdd } from '#core/cart/rules';

/**
 * Add to Cart works before the page has hydrated (on a cheap phone over 2G the page is readable
 * seconds before its JavaScript has run; issue 34, decision 049). A few lines of script in the page's
 * head take each tap on an element marked `data-early-tap` that React does not handle yet: they keep
 * what the button adds in the browser (EARLY_ADDS_KEY), show the toast a live tap shows, and tell the
 * cart (app/lib/cart.ts), which adds what was kept by the cart's own rule (applyEarlyAdds) as soon as
 * its code is there, on this page or the next. Nothing is lost, and nothing is added twice: a button
 * that is live no longer goes through the head script, and each kept tap is taken once.
 */

/** The cart lives in this browser's localStorage under a key of our own (spec §3; app/lib/cart.ts). */
export const CART_STORAGE_KEY = 'freshcatch-cart';
/** How long the cart's toasts stay (the head script's early toast too). */
export const CART_TOAST_MS = 3000;
/** Marks an element whose taps the head script takes until it is live; the value is an EarlyAdd, JSON. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
/** Set by the head script on a button that adds once and has added ('once'): shown as done (app.css). */
export const EARLY_ADDED_ATTRIBUTE = 'data-early-added';
/** Where the head script keeps taps for the cart to take (localStorage; a list of EarlyAdd). */
export const EARLY_ADDS_KEY = 'freshcatch-early-adds';
/** Dispatched on window by the head script after it kept a tap. */
export const EARLY_ADD_EVENT = 'fc:early-add';
/** Taps kept in memory when the browser will not store them (private mode, a full disk). */
const MEMORY = '__fcEarlyAdds';
/** Set on a button's element once React handles its taps. */
const LIVE = '__fcLive';

declare global {
  interface Window {
    [MEMORY]?: EarlyAdd[];
  }
}

/** What a button gives the head script: the cart line it adds and how its toast reads. */
export function earlyTapValue(add: EarlyAdd & { from: 'detail' | 'page' }): string {
  return JSON.stringify(add);
}

const NAME = '\u0000';
/** The toasts' words with a stand-in for the product's name, from the one place that says them. */
const WORDS = {
  page: addedToCartMessage(NAME, 'page', false),
  detail: addedToCartMessage(NAME, 'detail', false),
  detailAgain: addedToCartMessage(NAME, 'detail', true),
};

/** The head script's toast, a live region at the end of <body> (app.css draws it like the live toasts). */
const EARLY_TOAST_ATTRIBUTE = 'data-early-toast';

/**
 * Written into <head> by entry.server.tsx (never part of a bundle): runs before any of the page's
 * modules, so its listeners on the document come before React's. A tap it takes goes no further
 * (React, hydrating, would otherwise take the same click as well). The toast's live region is put on
 * the page as the finger comes down, its words once the tap is made, so that screen readers announce
 * them. A button that adds once and has added, or whose product is already in the cart, is shown done
 * and told to assistive technology as unavailable, as the live button is.
 */
export const EARLY_TAP_SCRIPT = `(function(){var K='${EARLY_ADDS_KEY}',C='${CART_STORAGE_KEY}',W=${JSON.stringify(WORDS)};
function read(k){try{var v=JSON.parse(localStorage.getItem(k)||'[]');return Array.isArray(v)?v:[]}catch(e){return[]}}
function has(id){return read(C).some(function(l){return l&&l.id===id})||read(K).concat(window.${MEMORY}||[]).some(function(a){return a&&a.item&&a.item.id===id})}
function button(e){var t=e.target,b=t&&t.closest&&t.closest('[${EARLY_TAP_ATTRIBUTE}]');return b&&!b.${LIVE}?b:null}
function region(){var r=document.querySelector('[${EARLY_TOAST_ATTRIBUTE}]');if(!r){r=document.createElement('div');r.setAttribute('${EARLY_TOAST_ATTRIBUTE}','');r.setAttribute('role','status');document.body.appendChild(r)}return r}
function say(w,n){var r=region();setTimeout(function(){r.textContent='';[w.title,w.description].forEach(function(t){if(!t)return;var p=document.createElement('p');p.textContent=t.split('\\u0000').join(n);r.appendChild(p)});clearTimeout(r.t);r.t=setTimeout(function(){r.textContent=''},${CART_TOAST_MS})},100)}
function done(b){b.setAttribute('${EARLY_ADDED_ATTRIBUTE}','once');b.setAttribute('aria-disabled','true')}
document.addEventListener('pointerdown',function(e){if(button(e))region()},true);
document.addEventListener('click',function(e){var b=button(e);if(!b)return;e.preventDefault();e.stopImmediatePropagation();
var a;try{a=JSON.parse(b.getAttribute('${EARLY_TAP_ATTRIBUTE}'))}catch(x){return}var before=has(a.item.id);
if(a.once&&before)return done(b);
var k={item:a.item,quantity:a.quantity,once:a.once};try{var q=read(K);q.push(k);localStorage.setItem(K,JSON.stringify(q))}catch(x){(window.${MEMORY}=window.${MEMORY}||[]).push(k)}
if(a.once)done(b);
say(a.from==='page'?W.page:before?W.detailAgain:W.detail,a.item.name);window.dispatchEvent(new Event('${EARLY_ADD_EVENT}'))},true)})();`;

/**
 * Called as a button becomes live (a ref, inside React's commit, before any tap can reach React): the
 * head script leaves it alone from then on, and its marks of an earlier tap go.
 */
export function markLive(element: HTMLElement | null): void {
  if (!element) return;
  (element as HTMLElement & { [LIVE]?: boolean })[LIVE] = true;
  element.removeAttribute(EARLY_ADDED_ATTRIBUTE);
  element.removeAttribute('aria-disabled');
}

/** The taps the head script kept, taken: each is handed out once (the cart adds them). */
export function takeEarlyAdds(): unknown[] {
  const kept: unknown[] = window[MEMORY]?.splice(0) ?? [];
  try {
    const raw = localStorage.getItem(EARLY_ADDS_KEY);
    if (raw === null) return kept;
    localStorage.removeItem(EARLY_ADDS_KEY);
    const stored: unknown = JSON.parse(raw);
    return Array.isArray(stored) ? [...stored, ...kept] : kept;
  } catch {
    return kept;
  }
}
