import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { PAGE_PATIENCE_MS } from '#sw/rules';
import { shopEnv, startShop } from '../support/shop';
import { E2E_DATA_DIR, E2E_PORT } from './support/constants';
import { expect, expectAccessible, test } from './support/fixtures';
import { completeProfile, signedInShopper } from './support/shopping';

// The one suite with the service worker on (playwright.config.ts blocks it elsewhere, so the other
// journeys' request interception sees every request).
test.use({ serviceWorkers: 'allow' });

/** Waits until the shop's service worker controls the page (it registers once the page is idle). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** On the dried fish list, a tap on the stockfish head: its page, by a client-side navigation; its address. */
async function tapStockfishHead(page: Page): Promise<string> {
  await page
    .getByRole('link', { name: /Stockfish Head \(Okporoko\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  return page.url();
}

test('offline after browsing: a product page and the cart open, checkout says it needs a connection and keeps what was typed', async ({
  page,
  context,
}) => {
  test.slow();
  await signedInShopper(page, 'Ada Offline');
  await completeProfile(page);
  await page.goto('/');
  await workerInControl(page);

  // Browse as a buyer does: a product page by a tap (its data kept), and the catalogue as a page.
  await page.goto('/products?category=4');
  const productUrl = await tapStockfishHead(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart: Stockfish Head (Okporoko)' }).first().click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  // Opened as a page too, so a copy of it as a whole page is kept.
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();

  await context.setOffline(true);

  // The product page opens from the phone, with the time its prices are from.
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "You're offline — prices as of" })).toBeVisible();
  await expectAccessible(page);

  // The cart opens and changes offline: it lives on the phone.
  await page.getByRole('link', { name: /^Cart/ }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByText("You're offline", { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity of Stockfish Head (Okporoko)' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expectAccessible(page);
  // …and as a page of its own, opened afresh.
  await page.goto('/cart');
  await expect(page.getByLabel('Quantity of Stockfish Head (Okporoko)', { exact: true })).toHaveValue('2');

  // A page never opened: the worker says so, and offers what still opens.
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your cart' })).toBeVisible();

  // Checkout opened offline: it says plainly that it needs a connection.
  const offlineCheckout = await page.goto('/checkout');
  expect(offlineCheckout?.status()).toBe(503);
  await expect(page.getByRole('heading', { name: 'Checkout needs a connection' })).toBeVisible();
  await expect(
    page.getByText('Your cart is kept on this phone, and nothing has been charged.'),
  ).toContainText("You're offline.");
  await expectAccessible(page);

  // Checkout open when the connection drops: what was typed stays, Pay waits for the connection.
  await context.setOffline(false);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await expect(pay).toBeEnabled();
  await context.setOffline(true);
  await page.getByLabel('Discount code', { exact: true }).fill('FRESH10');
  await expect(page.getByText('Checkout needs a connection', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "You're offline. Checkout needs a connection: what you entered stays here, and nothing has been charged.",
    ),
  ).toBeVisible();
  await expect(pay).toBeDisabled();
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(page.getByText('Checkout needs a connection', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Discount code', { exact: true })).toHaveValue('FRESH10');
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');
  await expect(pay).toBeEnabled();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the first page a buyer ever opens (a product link from a chat) and the home page open offline', async ({
    page,
    context,
    request,
  }) => {
    // The link a friend sent: the buyer's first page on this phone, opened before there was a worker.
    const list = await (await request.get('/products?category=4')).text();
    const productPath = /href="(\/products\/\d+)"[^>]*>(?:(?!<\/a>)[\s\S])*Stockfish Head \(Okporoko\)/.exec(
      list,
    )?.[1];
    expect(productPath).toBeDefined();
    await page.goto(`${productPath}?from=chat`);
    await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
    await workerInControl(page);
    // Kept when the worker came, with the home page (nothing else was opened).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const kept = await Promise.all(
            [location.href, `${location.origin}/`].map((url) => caches.match(url, { ignoreVary: true })),
          );
          return kept.every(Boolean);
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "You're offline — prices as of" })).toBeVisible();
    // The logo, tapped offline: the home page, not "This page hasn't been saved".
    await page.getByRole('banner').getByRole('link', { name: 'FreshCatch' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh from the creeks of Rivers State' }),
    ).toBeVisible();
    await expect(page.getByText("This page hasn't been saved")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test('a wishlist change made offline reaches the account when the connection is back', async ({
  page,
  context,
}) => {
  await signedInShopper(page, 'Bisi Wishlist');
  await page.goto('/products?category=4');
  await page
    .getByRole('link', { name: /Stockfish Head \(Okporoko\)/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
  const heart = page.getByRole('button', { name: 'Add to Wishlist' });
  await expect(heart).toBeEnabled();

  await context.setOffline(true);
  await heart.click();
  await expect(
    page.getByText(
      'Stockfish Head (Okporoko) added to your wishlist — your account gets it when you are connected',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from Wishlist' })).toBeVisible();

  await context.setOffline(false);
  // Sent on its own once the connection is back; the account's list then has it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('freshcatch-wishlist-outbox')), { timeout: 15_000 })
    .toBe('[]');
  await page.goto('/wishlist');
  await expect(page.getByRole('main').getByRole('link', { name: 'Stockfish Head (Okporoko)' })).toBeVisible();
});

/**
 * A way to the e2e shop that can go silent, as a weak cell does: connections stay up and take what the
 * phone sends, but nothing reaches the shop and nothing comes back ("lie-fi"). `speak()` ends it, and
 * drops the connections that went deaf, so the browser opens new ones.
 */
async function lieFiRoute(port: number) {
  const deaf = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    if (silent) deaf.add(client);
    const shop = net.connect(port, '127.0.0.1');
    client.on('data', (data) => (deaf.has(client) ? undefined : shop.write(data)));
    shop.on('data', (data) => (deaf.has(client) ? undefined : client.write(data)));
    client.on('close', () => shop.destroy());
    shop.on('close', () => client.destroy());
    client.on('error', () => shop.destroy());
    shop.on('error', () => client.destroy());
    connections.add(client);
    client.on('close', () => connections.delete(client));
  });
  const connections = new Set<net.Socket>();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    silence() {
      silent = true;
      for (const connection of connections) deaf.add(connection);
    },
    speak() {
      silent = false;
      for (const connection of deaf) connection.destroy();
      deaf.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.destroy();
        server.close(() => resolve());
      }),
  };
}

test('a connection that carries nothing: a page the phone holds opens from it after a few seconds, with the time of its prices', async ({
  page,
}) => {
  test.slow();
  const route = await lieFiRoute(E2E_PORT);
  try {
    await page.goto(`${route.url}/products?category=4`);
    await workerInControl(page);
    const productUrl = await tapStockfishHead(page);
    // Opened as a page, so the worker keeps a copy of it as a whole page.
    await page.goto(productUrl);
    await expect
      .poll(() =>
        page.evaluate(async (url) => {
          for (const name of await caches.keys())
            if (name.startsWith('freshcatch-pages-') && (await (await caches.open(name)).match(url)))
              return true;
          return false;
        }, productUrl),
      )
      .toBe(true);

    // A later visit: the browser's own cache (stale-while-revalidate, 5 minutes) no longer has it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');

    route.silence();
    const asked = Date.now();
    // The phone says it is online; the shop never answers. The copy is shown, not a blank screen.
    await page.goto(productUrl, { waitUntil: 'commit', timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(PAGE_PATIENCE_MS);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: "You're offline — prices as of" })).toBeVisible();

    // The connection carries again: the page is today's, and says nothing of being offline.
    route.speak();
    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Stockfish Head (Okporoko)' })).toBeVisible();
    await expect(page.getByText("You're offline — prices as of")).toHaveCount(0);
  } finally {
    await route.close();
  }
});

/** Whether the shop's stylesheet is inlined (the toast library adds a <style> too: ours has the colours). */
function shopStylesheetInline(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('head style')].some((style) =>
      (style.textContent ?? '').includes('--color-brand-700'),
    ),
  );
}

test('installable: a manifest with icons, the theme colour, and a worker that carries this build', async ({
  page,
  request,
}) => {
  await page.goto('/');
  // A first visit carries the stylesheet inline.
  expect(await shopStylesheetInline(page)).toBe(true);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0e7490');
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'FreshCatch', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await workerInControl(page);
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // The worker precached the very entry script this page runs.
  const entry = await workerBuild(page);
  expect(entry).toMatch(/entry\.client-[\w-]+\.js$/);
  const scripts = await page
    .locator('script[type="module"]')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  expect(scripts.join('\n')).toContain(entry!.replace(/^\//, ''));

  // The worker holds the stylesheet: the page says so, and the next pages link it instead of inlining it.
  await expect.poll(() => page.evaluate(() => document.cookie)).toMatch(/fc_sheet=app-[\w-]+\.css/);
  await page.reload();
  await expect(page.locator('link[data-stylesheet]')).toHaveCount(1);
  expect(await shopStylesheetInline(page)).toBe(false);
  await expect(page.getByRole('link', { name: 'Products' }).first()).toHaveCSS('font-weight', /500|600|700/);
});

/** Asks the worker in control which entry script its build precached. */
function workerBuild(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve((event.data as { entry: string | null }).entry);
        navigator.serviceWorker.controller!.postMessage({ type: 'version' }, [channel.port2]);
      }),
  );
}

test('a new build ships: its worker takes over the open tab, drops the old build, and the shop keeps working', async ({
  page,
}) => {
  test.slow();
  // A shop of its own, from a copy of the build, so this test can ship it a new one.
  const dir = path.join(E2E_DATA_DIR, `sw-update-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync('build', path.join(dir, 'build'), { recursive: true });
  cpSync('db/migrations', path.join(dir, 'db/migrations'), { recursive: true });
  const port = E2E_PORT + 40;
  const shop = await startShop({
    engine: 'pglite',
    processes: 1,
    cwd: dir,
    env: shopEnv({ PORT: String(port), DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' }),
  });
  try {
    await page.goto(`${shop.url}/`);
    await workerInControl(page);
    const before = await workerBuild(page);
    expect(before).toMatch(/entry\.client-[\w-]+\.js$/);

    // The new build: an entry script of another name, and a worker whose precache list names it.
    const assets = path.join(dir, 'build/client');
    const after = before!.replace(/entry\.client-[\w-]+\.js$/, 'entry.client-NEWBUILD.js');
    cpSync(path.join(assets, before!), path.join(assets, after));
    const worker = path.join(assets, 'sw.js');
    const shipped = Buffer.from(readFileSync(worker, 'utf8').replaceAll(before!, after));
    // Its compressed copies too, as the build writes them (the server sends those first).
    writeFileSync(worker, shipped);
    writeFileSync(`${worker}.br`, brotliCompressSync(shipped));
    writeFileSync(`${worker}.gz`, gzipSync(shipped));

    // The browser looks for a new worker at each visit; here it is asked at once.
    const controllerChanged = page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
        ),
    );
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration!.update()),
    );
    await controllerChanged;
    expect(await workerBuild(page)).toBe(after);
    // The old build's entries go as the new worker activates (it may take control a moment before).
    const precached = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of (await caches.keys()).filter((n) => n.includes('precache')))
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        return urls;
      });
    await expect.poll(precached).toContain(`/${after.replace(/^\//, '')}`);
    await expect.poll(precached).not.toContain(`/${before!.replace(/^\//, '')}`);

    // The open tab carries on under the new worker.
    await page.getByRole('link', { name: 'Products' }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  } finally {
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
