import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isOurImage, inlineUrl } from '../core/media/variants';
import { LOCAL_MEDIA_PATH } from '../core/media/storage';

/**
 * The inline copies of our pictures (core/media/variants.ts), kept in memory as data URIs for the
 * pages that carry them (issue 34, decision 054). A first visit's catalogue page paints its first
 * pictures from these, before the real ones cross a 2G link. Reading a file never holds up a page:
 * a copy this process does not have yet is read in the background and used from the next page on.
 */
export interface InlinePictures {
  /** The data URI of the inline copy of the picture at `url` (its largest width), if this process has it. */
  get(url: string): string | undefined;
  /** Reads the inline copies under the public pictures' folder (the seed catalogue's), at start-up. */
  warm(): Promise<void>;
}

/** The most a page carries inline for one picture: a larger copy is not worth its bytes on every visit. */
export const INLINE_MAX_BYTES = 4096;
/** How many pictures' copies a process keeps (each ≤ 5.5 KB as a data URI). */
const KEPT = 2000;

export function createInlinePictures(options: {
  /** Where /images/… is served from (the build's client folder, or public/ in development). */
  publicDir: string;
  /** Where uploaded pictures (/media/…) are kept, when they are kept on this disk. */
  mediaDir: string;
  logger: { warn(obj: object, msg?: string): void };
  /** Reads a picture kept elsewhere (S3): its absolute URL. */
  fetch?: typeof fetch;
}): InlinePictures {
  const kept = new Map<string, string | null>();
  const reading = new Set<string>();
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
      const file = path.resolve(root, `.${decodeURIComponent(rest)}`);
      return file.startsWith(path.resolve(root) + path.sep) ? file : null;
    };
    if (copy.startsWith(`${LOCAL_MEDIA_PATH}/`))
      return within(options.mediaDir, copy.slice(LOCAL_MEDIA_PATH.length));
    if (copy.startsWith('/images/')) return within(options.publicDir, copy);
    return null;
  };
  const read = async (url: string): Promise<Buffer | null> => {
    const copy = inlineUrl(url);
    const file = fileOf(copy);
    if (file) return readFile(file);
    if (/^https:\/\//.test(copy) && options.fetch) {
      const answer = await options.fetch(copy, { signal: AbortSignal.timeout(5_000) });
      return answer.ok ? Buffer.from(await answer.arrayBuffer()) : null;
    }
    return null;
  };
  return {
    get(url) {
      const copy = kept.get(url);
      if (copy !== undefined) return copy ?? undefined;
      if (!isOurImage(url) || reading.has(url)) return undefined;
      reading.add(url);
      read(url)
        .then(
          (body) => keep(url, body),
          (error: unknown) => {
            // A picture uploaded before inline copies were made has none: it simply paints later.
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
              options.logger.warn({ err: error, url }, 'an inline picture could not be read');
            keep(url, null);
          },
        )
        .finally(() => reading.delete(url));
      return undefined;
    },
    async warm() {
      const folder = path.join(options.publicDir, 'images');
      const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries) {
        if (!entry.endsWith('-inline.webp')) continue;
        const url = `/images/${entry
          .split(path.sep)
          .join('/')
          .replace(/-inline\.webp$/, '-800.webp')}`;
        keep(url, await readFile(path.join(folder, entry)));
      }
    },
  };
}
