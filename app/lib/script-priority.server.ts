import { Transform } from 'node:stream';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './held-scripts';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HELD_PRELOAD = `<link rel="${HELD_PRELOAD_REL}"`;
const HEAD_END = Buffer.from('</head>');
/** How React writes React Router's module script that starts the page (its only module script). */
const MODULE = Buffer.from(' type="module" async=""');
const HELD_MODULE = Buffer.from(` type="${HELD_MODULE_TYPE}" async=""`);

/**
 * The page's <head> as it leaves the server, with two changes:
 * - Our pages are complete without JavaScript, so on a weak mobile link the HTML's picture and text
 *   should arrive before the scripts that hydrate it. React Router preloads its modules at the
 *   browser's default (high) priority, and React hoists those preloads into <head>; they are marked low.
 * - `append` (a server-only script, such as the early-tap catcher of app/lib/early-taps.ts) goes in just
 *   before </head>: written here, it never weighs on the browser's bundles, and React leaves a tag it
 *   did not render in <head> alone when it hydrates.
 * - `fill`: the first `slot` in the head is replaced by `bytes`, sent as they are (the inlined
 *   stylesheet, one Buffer for every page: app/lib/inline-css.server.ts).
 * - `holdScripts`: the preloads, and the module script in the body that starts React, go out held, for
 *   the page's own script to let go once its pictures are in (app/lib/held-scripts.ts, decision 051).
 * The head is held until it is complete; the rest of the page streams through, untouched but for the
 * held module script (the few bytes that might start its type wait for the next chunk).
 */
export function rewriteHead(
  options: { append?: string; fill?: { slot: string; bytes: Buffer }; holdScripts?: boolean } = {},
): Transform {
  let head: Buffer[] = [];
  let held = 0;
  // The last few bytes held: a </head> split between chunks starts in them.
  let tail: Buffer = Buffer.alloc(0);
  let pastHead = false;
  // Past the head: whether the module script is still to be held, and the bytes kept back meanwhile.
  let moduleToHold = options.holdScripts === true;
  let bodyTail: Buffer = Buffer.alloc(0);
  const preload = options.holdScripts ? HELD_PRELOAD : LOW_PRIORITY_PRELOAD;
  /** The head's bytes as they go out: one chunk, or three around the filled slot. */
  const rewrite = (bytes: Buffer, end: boolean): Buffer[] => {
    const text = bytes.toString('utf8').replaceAll(PRELOAD, preload) + (end ? (options.append ?? '') : '');
    const at = options.fill ? text.indexOf(options.fill.slot) : -1;
    if (at === -1) return [Buffer.from(text)];
    return [
      Buffer.from(text.slice(0, at)),
      options.fill!.bytes,
      Buffer.from(text.slice(at + options.fill!.slot.length)),
    ];
  };
  /** The body's bytes that may go out now, the module script's type held once it has come by. */
  const body = (chunk: Buffer): Buffer => {
    if (!moduleToHold) return chunk;
    const window = bodyTail.length ? Buffer.concat([bodyTail, chunk]) : chunk;
    const at = window.indexOf(MODULE);
    if (at !== -1) {
      moduleToHold = false;
      bodyTail = Buffer.alloc(0);
      return Buffer.concat([window.subarray(0, at), HELD_MODULE, window.subarray(at + MODULE.length)]);
    }
    const keep = Math.min(window.length, MODULE.length - 1);
    bodyTail = window.subarray(window.length - keep);
    return window.subarray(0, window.length - keep);
  };
  const send = (bytes: Buffer, callback: (error?: null, bytes?: Buffer) => void) =>
    bytes.length ? callback(null, bytes) : callback();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pastHead) return send(body(chunk), callback);
      // Only the new bytes are searched (with the tail), so a long head costs one pass, not one per chunk.
      const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      const at = window.indexOf(HEAD_END);
      const windowStart = held - tail.length;
      head.push(chunk);
      held += chunk.length;
      if (at === -1) {
        tail = window.subarray(Math.max(0, window.length - (HEAD_END.length - 1)));
        return callback();
      }
      pastHead = true;
      const pending = Buffer.concat(head, held);
      head = [];
      const end = windowStart + at;
      for (const part of rewrite(pending.subarray(0, end), true)) this.push(part);
      send(body(pending.subarray(end)), callback);
    },
    flush(callback) {
      if (head.length) for (const part of rewrite(Buffer.concat(head), false)) this.push(part);
      if (bodyTail.length) this.push(bodyTail);
      callback();
    },
  });
}
