import { readdirSync, readFileSync } from 'node:fs';
import { inlineUrl } from '#core/media/variants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_SCRIPTS_SCRIPT } from '~/lib/held-scripts';
import { productNamed } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** How a page's scripts go out: held for its own head script to let go, or to be fetched at once. */
async function scripts(path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
  return {
    path,
    cache: response.headers.get('X-Cache'),
    preloads: count(/<link rel="modulepreload"/g),
    heldPreloads: count(/<link rel="x-held-modulepreload"/g),
    modules: count(/<script [^>]*type="module"/g),
    heldModules: count(/<script [^>]*type="x-held-module"/g),
    letsGo: html.includes(HELD_SCRIPTS_SCRIPT),
  };
}

describe('catalogue pages send their pictures before their scripts (decision 051)', () => {
  it('holds the scripts of the pages that work without them, and only theirs; twice, through the page cache', async () => {
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const catalogue = [
      '/',
      '/products',
      '/products?category=1',
      `/products/${catfish.id}`,
      '/search?q=titus',
      '/specials',
      '/categories/fresh',
      '/farm-supplies',
    ];
    for (let round = 0; round < 2; round++) {
      for (const path of catalogue) {
        const page = await scripts(path);
        expect({ ...page, heldPreloads: page.heldPreloads > 3, cache: round ? page.cache : 'first' }).toEqual(
          {
            path,
            cache: round ? 'HIT' : 'first',
            preloads: 0,
            heldPreloads: true,
            modules: 0,
            heldModules: 1,
            letsGo: true,
          },
        );
      }
      // Pages that need their scripts to do their work get them at once.
      for (const path of ['/cart', '/login', '/recipes', '/contact']) {
        const page = await scripts(path);
        expect({ ...page, preloads: page.preloads > 3, cache: undefined }).toEqual({
          path,
          cache: undefined,
          preloads: true,
          heldPreloads: 0,
          modules: 1,
          heldModules: 0,
          letsGo: false,
        });
      }
    }
  });

  it('does not hold them from a phone whose worker keeps them (the stylesheet cookie of this build)', async () => {
    const sheet = readdirSync('build/client/assets').find((file) => /^app-[\w-]+\.css$/.test(file))!;
    for (let round = 0; round < 2; round++) {
      const kept = await scripts('/products', `fc_sheet=${sheet}`);
      if (round) expect(kept.cache).toBe('HIT');
      expect({ ...kept, preloads: kept.preloads > 3 }).toMatchObject({
        preloads: true,
        heldPreloads: 0,
        modules: 1,
        letsGo: false,
      });
      // Another build's stylesheet: the worker may not hold these scripts either.
      expect(await scripts('/products', 'fc_sheet=app-0ld8uild.css')).toMatchObject({
        preloads: 0,
        heldModules: 1,
        letsGo: true,
      });
    }
  });
});

describe('a first visit paints its first picture from a copy in the page (decision 054)', () => {
  /** The inline copies a page carries, as data URIs. */
  async function inlineCopies(path: string, headers: Record<string, string> = {}) {
    const html = await (await fetch(`${server.url}${path}`, { headers })).text();
    return [...html.matchAll(/background-image:url\((data:image\/webp;base64,[\w+/=]+)\)/g)].map((m) => m[1]);
  }

  it('carries the first picture’s own 400 px copy on a product page, a list and search, and nothing elsewhere', async () => {
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const copyOf = (url: string) =>
      `data:image/webp;base64,${readFileSync(`public${inlineUrl(url)}`).toString('base64')}`;
    const expected = copyOf(catfish.imageUrl!);
    expect(expected.length).toBeLessThan(5_500);
    // Read at start-up, in the background: wait for it here, and ask for pages the page cache has not
    // kept from before (a page rendered before the copy was read goes without it).
    await server.services.inlinePictures.warm();
    expect(await inlineCopies(`/products/${catfish.id}?inline=1`)).toEqual([expected]);
    // A list: its first card only (the one on a phone's screen).
    const list = await inlineCopies('/search?q=catfish&inline=1');
    expect(list).toHaveLength(1);
    expect((await inlineCopies('/products?inline=1')).length).toBe(1);
    // Not for a buyer saving data, nor for a phone whose worker already keeps the pictures and
    // scripts, nor on pages that are not led by a picture.
    expect(await inlineCopies(`/products/${catfish.id}`, { 'Save-Data': 'on' })).toEqual([]);
    const sheet = readdirSync('build/client/assets').find((file) => /^app-[\w-]+\.css$/.test(file))!;
    expect(await inlineCopies(`/products/${catfish.id}`, { cookie: `fc_sheet=${sheet}` })).toEqual([]);
    expect(await inlineCopies('/cart')).toEqual([]);
  });
});
