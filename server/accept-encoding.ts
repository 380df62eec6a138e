import Negotiator from 'negotiator';

/**
 * Whether a client takes gzip, by its Accept-Encoding as HTTP reads it (q-values honoured: `gzip;q=0`
 * refuses it, `*` takes it). The pages the app gzips itself and the page cache's stored copies are
 * sent by this one rule (docs/decisions/031).
 */
export function acceptsGzip(acceptEncoding: string | string[] | null | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (!header) return false;
  return new Negotiator({ headers: { 'accept-encoding': header } }).encoding(['gzip']) === 'gzip';
}
