/**
 * On a catalogue page the first pictures come before the scripts (issue 34, decision 051). Over 2G the
 * phone's link is one queue: React Router's module preloads, asked for as the head is read, filled it
 * with ~120 KB of scripts before the picture a buyer looks at could come through (LCP 3.5–5.7 s). These
 * pages work without their scripts — links are links, and the head script takes Add to Cart's taps
 * (decision 049) — so the server sends their preloads and the module that starts React held
 * (app/lib/script-priority.server.ts), and the few lines below let them go:
 * - at once when the service worker controls the page (the scripts come from the phone, not the link);
 * - when the pictures on the screen have arrived (or failed);
 * - at the first click the head script does not take, or the first key pressed (the buyer wants
 *   something only the live page does), but not at a click on a link (the browser follows it, and the
 *   scripts would only take the next page's bandwidth);
 * - at the latest HOLD_LIMIT_MS after the document has been read, so a picture that never comes does
 *   not keep the page from going live.
 * The scripts then load as they would have (the new module script goes in <head>, which React leaves
 * alone when it hydrates), before the page's load event.
 */

/** A module preload the server held: a `rel` the browser does not fetch. */
export const HELD_PRELOAD_REL = 'x-held-modulepreload';
/** The type of the module script that starts React, held: a type the browser does not run. */
export const HELD_MODULE_TYPE = 'x-held-module';
/** The longest the scripts wait for the screen's pictures once the document is read. */
export const HOLD_LIMIT_MS = 3000;

/** What a route says in its `handle` when its page should show its pictures before its scripts. */
export interface HeldScriptsHandle {
  picturesBeforeScripts?: boolean;
}

/**
 * Written into <head> by entry.server.tsx after the early-tap script, on the pages that hold their
 * scripts: its click listener comes after the early-tap script's, so a tap that script takes (and stops)
 * does not let the scripts go.
 */
export const HELD_SCRIPTS_SCRIPT = `(function(){var go=false,ran=false;
function run(){if(ran)return;var s=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');if(!s)return;ran=true;var h=document.head;
document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){var n=document.createElement('link');n.rel='modulepreload';n.href=l.href;h.appendChild(n)});
var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;h.appendChild(m)}
function start(){if(go)return;go=true;run();if(ran)return;var o=new MutationObserver(function(){run();if(ran)o.disconnect()});o.observe(document,{childList:true,subtree:true})}
if(navigator.serviceWorker&&navigator.serviceWorker.controller)return start();
function want(e){var t=e.target;if(!(t&&t.closest&&t.closest('a[href]')))start()}
document.addEventListener('click',want,true);document.addEventListener('keydown',start,true);
document.addEventListener('DOMContentLoaded',function(){setTimeout(start,${HOLD_LIMIT_MS});var w=innerWidth,h=innerHeight,left=0;
[].forEach.call(document.images,function(i){var r=i.getBoundingClientRect();if(i.complete||!r.width||r.bottom<=0||r.top>=h||r.right<=0||r.left>=w)return;left++;
function one(){i.removeEventListener('load',one);i.removeEventListener('error',one);if(--left===0)start()}i.addEventListener('load',one);i.addEventListener('error',one)});
if(!left)start()})})();`;
