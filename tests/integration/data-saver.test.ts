import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNamed } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** How a page draws its pictures for these request headers. */
async function pictures(path: string, headers: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, { headers });
  const html = await response.text();
  const ours = [...html.matchAll(/<img [^>]*src="(\/(?:images|media)\/[^"]+\.webp)"[^>]*>/g)];
  return {
    saver: /<html [^>]*data-saver=""/.test(html),
    pictures: ours.length > 0,
    smallestOnly: ours.every(([tag, src]) => src!.endsWith('-400.webp') && !/srcSet=|srcset=/i.test(tag)),
    withWidths: ours.every(([tag]) => /srcset="[^"]+ 400w, [^"]+ 800w"/i.test(tag)),
    cache: response.headers.get('X-Cache'),
    vary: response.headers.get('Vary') ?? '',
  };
}

describe('data saver (issue 34): the smallest pictures for Save-Data or the remembered switch', () => {
  it('draws every picture at its smallest width, and the page cache keeps the two kinds apart', async () => {
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    for (const path of [
      '/',
      '/products?category=1',
      `/products/${catfish.id}`,
      '/search?q=fish',
      '/recipes',
    ]) {
      // Twice over, alternating, so the second of each kind comes from the page cache where it keeps pages.
      for (let round = 0; round < 2; round++) {
        const saving = await pictures(path, { 'Save-Data': 'on' });
        expect({ path, round, ...saving, cache: undefined, vary: undefined }).toEqual({
          path,
          round,
          saver: true,
          pictures: true,
          smallestOnly: true,
          withWidths: false,
          cache: undefined,
          vary: undefined,
        });
        const remembered = await pictures(path, { Cookie: 'fc_saver=on' });
        expect({ path, round, saver: remembered.saver, smallestOnly: remembered.smallestOnly }).toEqual({
          path,
          round,
          saver: true,
          smallestOnly: true,
        });
        // Turned off by the buyer on a connection that asks for saving: the switch wins.
        for (const headers of [{}, { 'Save-Data': 'on', Cookie: 'fc_saver=off' }] as Record<
          string,
          string
        >[]) {
          const full = await pictures(path, headers);
          expect({ path, round, saver: full.saver, withWidths: full.withWidths }).toEqual({
            path,
            round,
            saver: false,
            withWidths: true,
          });
        }
      }
    }
  });

  it('a catalogue page says it varies with Save-Data, and both kinds come from the page cache', async () => {
    const path = '/products?category=2';
    await pictures(path, {});
    await pictures(path, { 'Save-Data': 'on' });
    const full = await pictures(path, {});
    const saving = await pictures(path, { 'Save-Data': 'on' });
    expect(saving.vary).toMatch(/\bSave-Data\b/);
    expect({ full: full.cache, saving: saving.cache }).toEqual({ full: 'HIT', saving: 'HIT' });
    expect({ full: full.saver, saving: saving.saver }).toEqual({ full: false, saving: true });
  });
});
