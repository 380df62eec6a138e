import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { brotliDecompressSync, constants, deflateRawSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNamed } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the server', () => {
  it('renders the home page on the server with seeded product names', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Popular Items');
    expect(html).toContain('Live Catfish (Table Size)');
  });

  it('sends a CSP that allows Paystack’s inline script and our nonce, and a request id', async () => {
    const response = await fetch(server.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/js\.paystack\.co/);
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses pages and caches built assets for a year', async () => {
    const page = await fetch(server.url, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const asset = (await page.text()).match(/\/assets\/[\w.-]+\.js/)![0];
    const assetResponse = await fetch(new URL(asset, server.url));
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends built scripts compressed once at build, Brotli first, with only the headers a script needs', async () => {
    const page = await (await fetch(server.url)).text();
    const asset = page.match(/\/assets\/[\w.-]+\.js/g)!.at(-1)!;
    const brotli = await rawGet(new URL(asset, server.url).toString(), 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.body.equals(readFileSync(path.join('build/client', `${asset}.br`)))).toBe(true);
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotli.headers['content-security-policy']).toBeUndefined();
    const gzip = await rawGet(new URL(asset, server.url).toString(), 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(readFileSync(path.join('build/client', asset)))).toBe(true);
    const missing = await rawGet(new URL('/assets/no-such-file.js', server.url).toString(), 'br');
    expect(missing.status).toBe(404);
  });

  it('sends pictures and other public files with only the headers a file needs, an SVG unable to run anything', async () => {
    // Addresses of this test's own, so no other test finds them in the page cache.
    const product = await (await fetch(`${server.url}/products/1?file-headers`)).text();
    const picture = product.match(/\/images\/products\/[\w.-]+\.webp/)![0];
    const answer = await rawGet(new URL(picture, server.url).toString(), 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The page's headers (its CSP alone ~500 bytes) are not sent with every picture.
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['x-request-id']).toBeUndefined();
    const svg = await rawGet(`${server.url}/favicon.svg`, 'gzip');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    // Pages keep theirs, without the headers for browsers no buyer has.
    const page = await fetch(`${server.url}/products/1?page-headers`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-");
    expect(page.headers.get('x-download-options')).toBeNull();
  });

  it('gzips a page with the stylesheet deflated once for every page; a client without gzip gets Brotli', async () => {
    const gzipped = await rawGet(`${server.url}/healthz/render`, 'gzip, deflate, br, zstd');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/Accept-Encoding/i);
    // gunzip checks the stream's CRC-32 and length against the page it decodes.
    const page = gunzipSync(gzipped.body).toString();
    expect(page).toMatch(/^<!DOCTYPE html>.*<h1>Hello from FreshCatch<\/h1>.*<\/html>$/s);
    const stylesheet = page.match(/<style[^>]*>(.*?)<\/style>/s)![1]!;
    expect(stylesheet).toContain('tailwindcss');
    // The stylesheet's bytes are not compressed again: their deflate, made once, is in the page as it is.
    const deflatedOnce = deflateRawSync(stylesheet, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    expect(gzipped.body.includes(deflatedOnce)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(page.length / 4);

    const brotli = await rawGet(`${server.url}/healthz/render`, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toContain('<h1>Hello from FreshCatch</h1>');
    const plain = await rawGet(`${server.url}/healthz/render`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Hello from FreshCatch</h1>');
    const refused = await rawGet(`${server.url}/healthz/render`, 'gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    const unsaid = await rawGet(`${server.url}/healthz/render`);
    expect(unsaid.headers['content-encoding']).toBeUndefined();
    expect(unsaid.body.toString()).toContain('<h1>Hello from FreshCatch</h1>');
  });

  it('gzips a page whose reviews stream in after it, and answers a HEAD with the same headers and no body', async () => {
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const page = await rawGet(`${server.url}/products/${catfish.id}`, 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.body).toString();
    expect(html).toContain('Live Catfish (Table Size)');
    // A buyer's review, loaded after the page's shell (a Suspense boundary React streams in later).
    expect(html).toContain('Delivered alive and kicking before 11am.');

    const head = await rawGet(`${server.url}/healthz/render`, 'gzip', 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });

  it('sends a small answer whole, with its length and uncompressed; a big one still compressed', async () => {
    const small = await fetch(`${server.url}/faq.data`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    const body = await small.arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(0);
    expect(body.byteLength).toBeLessThan(1024);
    expect(Number(small.headers.get('content-length'))).toBe(body.byteLength);
    const big = await fetch(`${server.url}/products.data?category=1`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect((await big.text()).length).toBeGreaterThan(1024);
  });

  it('leaves no timer behind once a page is sent (a busy process kept every finished render alive)', async () => {
    // The render's abort timer: streamTimeout (5 s) + 1 s in app/entry.server.tsx. The server runs in this
    // process, so its timers are the ones counted here.
    const RENDER_ABORT_MS = 6_000;
    const started = new Set<unknown>();
    const uncleared = new Set<unknown>();
    const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
    globalThis.setTimeout = ((handler: () => void, ms?: number, ...args: unknown[]) => {
      const timer = realSetTimeout(handler, ms, ...args);
      if (ms === RENDER_ABORT_MS) {
        started.add(timer);
        uncleared.add(timer);
      }
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
      uncleared.delete(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout;
    try {
      for (let page = 0; page < 20; page++) {
        const response = await fetch(`${server.url}/healthz/render`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('</html>');
      }
    } finally {
      globalThis.setTimeout = realSetTimeout;
      globalThis.clearTimeout = realClearTimeout;
    }
    expect(started.size).toBe(20);
    expect(uncleared.size).toBe(0);
  });

  it('answers /healthz and /readyz (which checks the database)', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
      status: 'ready',
      database: server.database.engine,
    });
  });

  it('knows every route from the start, and tells a tab of an older build asking for /__manifest to reload', async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toContain('"routeDiscovery":{"mode":"initial"}');
    const response = await fetch(`${server.url}/__manifest?paths=%2Fproducts&version=an-older-build`);
    expect(response.status).toBe(204);
    expect(response.headers.get('x-remix-reload-document')).toBe('true');
  });

  it("shows '404 Oops! Page not found' with a link home and status 404", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = (await response.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(html).toContain('404 Oops! Page not found');
    expect(html).toContain('Return to Home');
  });

  it('follows the emailConfirmed=true rule (spec §2)', async () => {
    const client = new HttpClient(server.url);
    expect(locationOf(await client.get('/products?emailConfirmed=true'))).toBe('/email-confirmation');
    expect(locationOf(await client.get('/email-confirmation?emailConfirmed=true'))).toBe(
      '/email-confirmation',
    );
  });

  it('serves the terms page with its back link to /signup', async () => {
    const html = await (await fetch(`${server.url}/terms`)).text();
    expect(html).toContain('18 years or older, or otherwise legally permitted under Nigerian law');
    expect(html).toContain('href="/signup"');
  });
});

/** A request whose body arrives as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(url, { method, headers }, (response) => {
      buffer(response).then(
        (body) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        reject,
      );
    })
      .on('error', reject)
      .end();
  });
}
