import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changesWhoIsSignedIn,
  GUEST_PAGES_AT_INSTALL,
  isPageRequest,
  LATE,
  markKeptPage,
  mayKeep,
  offlinePageHtml,
  offlineWords,
  PAGE_PATIENCE_MS,
  pagesToKeepAtActivation,
  withinPatience,
} from '#sw/rules';
import { parseWishlistChanges } from '~/lib/wishlist-outbox';

const ORIGIN = 'https://shop.test';
const headers = (entries: Record<string, string>) => new Headers(entries);

describe('what the service worker keeps (decision 048)', () => {
  it('keeps a page only when the server said it is shared, and only a 200', () => {
    expect(mayKeep({ status: 200, headers: headers({ 'X-Offline-Copy': 'shared' }) })).toBe(true);
    expect(mayKeep({ status: 200, headers: headers({ 'Cache-Control': 'private, no-store' }) })).toBe(false);
    expect(mayKeep({ status: 200, headers: headers({ 'Cache-Control': 'public, max-age=0' }) })).toBe(false);
    expect(mayKeep({ status: 404, headers: headers({ 'X-Offline-Copy': 'shared' }) })).toBe(false);
    expect(mayKeep({ status: 200, headers: headers({ 'X-Offline-Copy': 'personal' }) })).toBe(false);
  });

  it('answers page navigations and React Router data requests, never the admin area, the API or files', () => {
    const page = (url: string, mode = 'navigate', method = 'GET') =>
      isPageRequest({ url: ORIGIN + url, mode, method }, ORIGIN);
    expect(page('/products/7')).toBe(true);
    expect(page('/products/7.data', 'cors')).toBe(true);
    expect(page('/search?q=titus')).toBe(true);
    expect(page('/checkout')).toBe(true);
    expect(page('/admin')).toBe(false);
    expect(page('/admin/orders.data', 'cors')).toBe(false);
    expect(page('/api/products?ids=1', 'cors')).toBe(false);
    expect(page('/assets/entry.client-abc.js', 'cors')).toBe(false);
    expect(page('/products/7', 'cors')).toBe(false);
    expect(page('/checkout.data', 'cors', 'POST')).toBe(false);
    expect(isPageRequest({ url: 'https://elsewhere.test/', mode: 'navigate', method: 'GET' }, ORIGIN)).toBe(
      false,
    );
  });

  it("keeps the home page and the cart at install, and the open tabs' pages when it activates", () => {
    expect(GUEST_PAGES_AT_INSTALL).toEqual(['/cart', '/']);
    // The first page a buyer opens (a product link from a chat) is open when the worker comes: kept then,
    // once each, without its #fragment; never the admin area or another site.
    expect(
      pagesToKeepAtActivation(
        [
          `${ORIGIN}/products/7?from=chat#reviews`,
          `${ORIGIN}/products/7?from=chat`,
          `${ORIGIN}/admin/orders`,
          'https://elsewhere.test/products/7',
        ],
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/products/7?from=chat`]);
  });

  it('drops what it kept when someone signs in, signs up or signs out', () => {
    const request = (method: string, path: string) => changesWhoIsSignedIn({ method, url: ORIGIN + path });
    expect(request('POST', '/login')).toBe(true);
    expect(request('POST', '/login.data')).toBe(true);
    expect(request('POST', '/signup')).toBe(true);
    expect(request('POST', '/admin/login')).toBe(true);
    expect(request('GET', '/logout')).toBe(true);
    expect(request('POST', '/logout')).toBe(true);
    expect(request('GET', '/api/auth/callback/google')).toBe(true);
    expect(request('GET', '/login')).toBe(false);
    expect(request('GET', '/products')).toBe(false);
    expect(request('POST', '/api/wishlist')).toBe(false);
  });
});

describe('a connection that carries nothing (lie-fi)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on the server after PAGE_PATIENCE_MS, not before, and a prompt answer wins', async () => {
    vi.useFakeTimers();
    let answer!: (value: string) => void;
    const server = new Promise<string>((resolve) => (answer = resolve));
    const waited = withinPatience(server, PAGE_PATIENCE_MS);
    let result: string | typeof LATE | undefined;
    void waited.then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(PAGE_PATIENCE_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe(LATE);
    // The server's late answer is still there for whoever waits on it (the worker keeps it).
    answer('page');
    await expect(server).resolves.toBe('page');

    const prompt = withinPatience(Promise.resolve('page'), PAGE_PATIENCE_MS);
    await expect(prompt).resolves.toBe('page');
  });

  it("fails as the server's answer fails (no connection at all)", async () => {
    await expect(
      withinPatience(Promise.reject(new TypeError('Failed to fetch')), PAGE_PATIENCE_MS),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('what the shop says offline', () => {
  it('says checkout, the account and other pages need a connection in their own words', () => {
    expect(offlineWords('/checkout').title).toBe('Checkout needs a connection');
    expect(offlineWords('/checkout/callback').title).toBe('Checkout needs a connection');
    expect(offlineWords('/order-success').title).toBe('Checkout needs a connection');
    expect(offlineWords('/account/orders/1').title).toBe('Your account needs a connection');
    expect(offlineWords('/products/9').title).toBe("You're offline");
    expect(offlineWords('/checkoutx').title).toBe("You're offline");
  });

  it("writes the worker's page with a retry of the same address, links to what opens, and no script", () => {
    const html = offlinePageHtml('/checkout');
    expect(html).toContain('<h1>Checkout needs a connection</h1>');
    expect(html).toContain(
      '<p>You&#39;re offline. Your cart is kept on this phone, and nothing has been charged. Come back to checkout when you are connected.</p>',
    );
    expect(html).toContain('<a href="/checkout">Try again</a>');
    expect(html).toContain('<a href="/cart">Open your cart</a>');
    expect(html).not.toContain('<script');
    expect(offlinePageHtml('/"><script>alert(1)</script>')).not.toContain('<script>');
  });

  it('marks a kept page with the time it was kept, on its <html> only', () => {
    const page = '<!DOCTYPE html><html lang="en"><head></head><body><p>html</p></body></html>';
    expect(markKeptPage(page, '2026-11-28T10:00:00.000Z')).toBe(
      '<!DOCTYPE html><html data-offline-copy="2026-11-28T10:00:00.000Z" lang="en"><head></head><body><p>html</p></body></html>',
    );
  });
});

describe('wishlist changes kept offline', () => {
  it('reads only well-formed changes', () => {
    expect(
      parseWishlistChanges(
        JSON.stringify([
          { intent: 'add', productId: 3 },
          { intent: 'remove', productId: 4 },
          { intent: 'merge', productId: 5 },
          { intent: 'add', productId: -1 },
          { intent: 'add', productId: '6' },
          null,
        ]),
      ),
    ).toEqual([
      { intent: 'add', productId: 3 },
      { intent: 'remove', productId: 4 },
    ]);
    expect(parseWishlistChanges('not json')).toEqual([]);
  });
});
