import Negotiator from 'negotiator';

/**
 * Whether a client takes gzip, by its Accept-Encoding as HTTP reads it (q-values honoured: `gzip;q=0`
 * refuses it, `*` takes it). The pages the app gzips itself and the page cache's stored copies are
 * sent by this one rule (docs/decisions/031).
 */
export function acceptsGzip(acceptEncoding: string | string[] | null | undefined): boolean {
  return pickEncoding(acceptEncoding, ['gzip']) === 'gzip';
}

/**
 * Of the encodings a stored copy is held in, the one to send this client: the first held (Brotli
 * before gzip) that its Accept-Encoding takes, by the same rule; undefined when it takes none (plain).
 */
export function pickEncoding<E extends 'br' | 'gzip'>(
  acceptEncoding: string | string[] | null | undefined,
  held: E[],
): E | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (!header) return undefined;
  const taken = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(held);
  return held.find((encoding) => taken.includes(encoding));
}
