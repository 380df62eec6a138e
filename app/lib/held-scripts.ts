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
 *   something only the live page does), but not at a click on a link or a form's submit button, or
 *   Enter in a form (the browser follows or sends them, and the scripts would only take the next
 *   page's bandwidth);
 * - at the latest HOLD_LIMIT_MS after the head has been read, so a picture that never comes does not
 *   keep the page from going live.
 * The scripts then load as they would have (the new module script goes in <head>, which React leaves
 * alone when it hydrates).
 */

/** A module preload the server held: a `rel` the browser does not fetch. */
export const HELD_PRELOAD_REL = 'x-held-modulepreload';
/** The type of the module script that starts React, held: a type the browser does not run. */
export const HELD_MODULE_TYPE = 'x-held-module';
/** The longest the scripts are held, from the moment the head has been read. */
export const HOLD_LIMIT_MS = 4000;

/** What a route says in its `handle` when its page should show its pictures before its scripts. */
export interface HeldScriptsHandle {
  picturesBeforeScripts?: boolean;
}

/** The `handle` of a catalogue page whose pictures come through a weak link before its scripts. */
export const PICTURES_FIRST: HeldScriptsHandle = { picturesBeforeScripts: true };

/**
 * Written into <head> by entry.server.tsx after the early-tap script, on the pages that hold their
 * scripts: its click listener comes after the early-tap script's, so a tap that script takes (and stops)
 * does not let the scripts go. The held module script is copied only once the parser is past it (its
 * text may arrive in pieces); the pictures counted are those on the screen at that moment, which is
 * before any part of the page that streams in later (a product's reviews).
 */
export const HELD_SCRIPTS_SCRIPT = `(function(){var go=false,ran=false,seen=false,s=null;
function held(){s=s||document.querySelector('script[type="${HELD_MODULE_TYPE}"]');return s&&(s.nextSibling||document.readyState!=='loading')?s:null}
function run(){if(ran||!go)return;var m=held();if(!m)return;ran=true;var h=document.head;
document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){var n=l.cloneNode();n.rel='modulepreload';h.appendChild(n)});
var n=document.createElement('script');n.type='module';n.nonce=m.nonce;n.textContent=m.textContent;h.appendChild(n)}
function start(){go=true;run()}
function look(){if(seen||!held())return;seen=true;o.disconnect();var w=innerWidth,ht=innerHeight,left=0;
[].forEach.call(document.images,function(i){var r=i.getBoundingClientRect();if(i.complete||!r.width||r.bottom<=0||r.top>=ht||r.right<=0||r.left>=w)return;left++;
function one(){i.removeEventListener('load',one);i.removeEventListener('error',one);if(--left===0)start()}i.addEventListener('load',one);i.addEventListener('error',one)});
if(!left)start();else run()}
var o=new MutationObserver(look);o.observe(document.documentElement,{childList:true,subtree:true});
document.addEventListener('DOMContentLoaded',function(){look();o.disconnect()});
setTimeout(start,${HOLD_LIMIT_MS});
if(navigator.serviceWorker&&navigator.serviceWorker.controller)start();
document.addEventListener('click',function(e){var t=e.target,c=t&&t.closest&&t.closest('a[href],button,input');if(c&&(c.matches('a')||(c.type==='submit'&&c.form)))return;start()},true);
document.addEventListener('keydown',function(e){if(!(e.key==='Enter'&&e.target&&e.target.form))start()},true)})();`;
