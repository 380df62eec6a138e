import { Transform } from 'node:stream';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = Buffer.from('</head>');

/**
 * Our pages are complete without JavaScript, so on a weak mobile link the HTML's picture and text
 * should arrive before the scripts that hydrate it. React Router preloads its modules at the
 * browser's default (high) priority, and React hoists those preloads into <head>; this holds the
 * head until it is complete, marks them low, and lets the rest of the page stream through untouched.
 */
export function lowerModulePreloadPriority(): Transform {
  let head: Buffer[] = [];
  let pastHead = false;
  const rewrite = (bytes: Buffer) =>
    Buffer.from(bytes.toString('utf8').replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pastHead) return callback(null, chunk);
      head.push(chunk);
      const pending = Buffer.concat(head);
      const end = pending.indexOf(HEAD_END);
      if (end === -1) {
        head = [pending];
        return callback();
      }
      pastHead = true;
      head = [];
      const split = end + HEAD_END.length;
      callback(null, Buffer.concat([rewrite(pending.subarray(0, split)), pending.subarray(split)]));
    },
    flush(callback) {
      callback(null, head.length ? rewrite(Buffer.concat(head)) : undefined);
    },
  });
}
