import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineUrl, isOurImage, largestOfInline } from '../core/media/variants';
import { LOCAL_MEDIA_PATH } from '../core/media/storage';

/**
 * The inline copies of our pictures (core/media/variants.ts), kept in memory as data URIs for the
 * pages that carry them (issue 34, decision 054). A first visit's catalogue page paints its first
 * picture from one, before the real one crosses a 2G link. Reading a file never holds up a page: a
 * copy this process does not have yet is read in the background and used from the next render on.
 */
export interface InlinePictures {
  /** The data URI of the inline copy of the picture at `url` (its largest width), if this process has it. */
  get(url: string): string | undefined;
  /** Reads the copy of the picture at `url` now, when it is not had yet (start-up, tests). */
  load(url: string): Promise<void>;
  /** Reads the inline copies under the public pictures' folder (the seed catalogue's), at start-up. */
  warm(): Promise<void>;
}

/** The most a page carries inline for one picture: a larger copy is not worth its bytes on every visit. */
export const INLINE_MAX_BYTES = 4096;
/** How many pictures' copies a process keeps (each ≤ 5.5 KB as a data URI). */
const KEPT = 2000;
/** After a read that failed for a passing reason (a 503, a timeout), how long before it is tried again. */
const RETRY_AFTER_MS = 60_000;

/** Why a copy is not there: none was ever made (a picture uploaded before copies were). */
class NoCopy extends Error {}

export function createInlinePictures(options: {
  /** Where /images/… is served from (the build's client folder, or public/ in development). */
  publicDir: string;
  /** Where uploaded pictures (/media/…) are kept, when they are kept on this disk. */
  mediaDir: string;
  /** Where uploaded pictures are read from when they are kept in S3 (S3_PUBLIC_URL); never elsewhere. */
  remoteBase?: string;
  logger: { warn(obj: object, msg?: string): void };
  fetch?: typeof fetch;
  now?: () => number;
}): InlinePictures {
  const now = options.now ?? Date.now;
  /** A copy as a data URI, or null: none, or too large to carry. */
  const kept = new Map<string, string | null>();
  const reading = new Map<string, Promise<void>>();
  const failedUntil = new Map<string, number>();
  const keep = (url: string, body: Buffer | null) => {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(
      url,
      body && body.byteLength <= INLINE_MAX_BYTES
        ? `data:image/webp;base64,${body.toString('base64')}`
        : null,
    );
  };
  const fileOf = (copy: string): string | null => {
    const within = (root: string, rest: string) => {
      let file: string;
      try {
        file = path.resolve(root, `.${decodeURIComponent(rest)}`);
      } catch {
        return null; // a malformed escape names no file
      }
      return file.startsWith(path.resolve(root) + path.sep) ? file : null;
    };
    if (copy.startsWith(`${LOCAL_MEDIA_PATH}/`))
      return within(options.mediaDir, copy.slice(LOCAL_MEDIA_PATH.length));
    if (copy.startsWith('/images/')) return within(options.publicDir, copy);
    return null;
  };
  /** The copy's bytes; null when it is too large to carry; NoCopy when there is none. */
  const read = async (url: string): Promise<Buffer | null> => {
    const copy = inlineUrl(url);
    const file = fileOf(copy);
    if (file)
      return readFile(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new NoCopy() : error;
      });
    const base = options.remoteBase?.replace(/\/*$/, '/');
    if (!base || !copy.startsWith(base) || !options.fetch) throw new NoCopy();
    const answer = await options.fetch(copy, { signal: AbortSignal.timeout(5_000) });
    if (answer.status === 404 || answer.status === 403) throw new NoCopy();
    if (!answer.ok || !answer.body) throw new Error(`${answer.status} from the picture store`);
    // Read no more than a copy may weigh: a larger one is not carried anyway.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += chunk.byteLength;
      if (size > INLINE_MAX_BYTES) {
        await answer.body.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  };
  const load = (url: string): Promise<void> => {
    if (kept.has(url) || !isOurImage(url) || (failedUntil.get(url) ?? 0) > now()) return Promise.resolve();
    let under = reading.get(url);
    if (!under) {
      under = read(url)
        .then(
          (body) => keep(url, body),
          (error: unknown) => {
            if (error instanceof NoCopy) return keep(url, null);
            // A passing failure: no copy for now, and another try later.
            failedUntil.set(url, now() + RETRY_AFTER_MS);
            options.logger.warn({ err: error, url }, 'an inline picture could not be read');
          },
        )
        .finally(() => reading.delete(url));
      reading.set(url, under);
    }
    return under;
  };
  return {
    get(url) {
      const copy = kept.get(url);
      if (copy === undefined) void load(url);
      return copy ?? undefined;
    },
    load,
    async warm() {
      const folder = path.join(options.publicDir, 'images');
      const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries) {
        const url = largestOfInline(`/images/${entry.split(path.sep).join('/')}`);
        if (url) keep(url, await readFile(path.join(folder, entry)));
      }
    },
  };
}
