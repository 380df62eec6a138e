import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '#core/checkout/place';
import { settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Text people type — names, addresses, reviews, product descriptions — is shown as
// text everywhere it appears (storefront, account, admin, the page's data for hydration, e-mails),
// never run as markup.
const NAME = '<img src=x onerror=alert("name")>Ada';
const ADDRESS = '<script>alert("address")</script>12 Aba Road';
const REVIEW = '<script>alert("review")</script>Fresh & firm';
const DESCRIPTION = '<b onmouseover=alert("description")>Smoked</b> over hardwood';
const RAW = [/<img src=x onerror/i, /<script>alert\(/i, /<b onmouseover/i];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

function expectNoMarkup(text: string, where: string) {
  for (const pattern of RAW) expect(pattern.test(text), `${where} holds ${pattern} unescaped`).toBe(false);
}

describe('stored text renders escaped everywhere', () => {
  it('names, addresses, reviews and descriptions on every page and in e-mails', async () => {
    const db = server.database.db;
    const shopper = await createCheckoutShopper(server.services);
    await db.update(schema.user).set({ name: NAME, address: ADDRESS }).where(eq(schema.user.id, shopper.id));
    const catfish = await productNamed(db, 'Live Catfish (Table Size)');
    await db
      .update(schema.products)
      .set({ description: DESCRIPTION })
      .where(eq(schema.products.id, catfish.id));
    await db
      .insert(schema.reviews)
      .values({ productId: catfish.id, userId: shopper.id, rating: 5, reviewText: REVIEW });

    const placed = await placeOrder(server.services.checkout, shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: 'pickup',
      deliveryLocation: 'Port Harcourt',
      pickupLocation: 'Rumuokoro Junction Hub',
    });
    await decideDemoPayment(db, placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');

    const client = await signedInClient(server, shopper.email);
    const admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Each page, and the text it shows as text (a dialog drawn only in the browser shows none here:
    // its data, in the page's hydration script, is checked like the rest).
    const pages: [string, typeof client, string[]][] = [
      [
        `/products/${catfish.id}`,
        client,
        ['&lt;script&gt;alert(&quot;review&quot;)&lt;/script&gt;Fresh &amp; firm', '&lt;b onmouseover'],
      ],
      ['/account', client, ['&lt;img src=x onerror=alert(&quot;name&quot;)&gt;Ada']],
      [
        `/account/orders/${placed.orderId}`,
        client,
        ['&lt;script&gt;alert(&quot;address&quot;)&lt;/script&gt;12 Aba Road'],
      ],
      [`/admin/orders?order=${placed.orderId}`, admin, []],
      [
        `/admin/users?q=${encodeURIComponent(shopper.email)}`,
        admin,
        ['&lt;img src=x onerror=alert(&quot;name&quot;)&gt;Ada'],
      ],
      [`/admin/products?edit=${catfish.id}`, admin, []],
    ];
    for (const [path, who, shown] of pages) {
      const response = await who.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expectNoMarkup(html, path);
      for (const text of shown) expect(html.includes(text), `${path} shows ${text} as text`).toBe(true);
    }

    await server.jobsDone();
    const mails = server.mailer.sent.filter((mail) => mail.to === shopper.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expectNoMarkup(mail.html, `the e-mail “${mail.subject}”`);
      expect(mail.subject).not.toMatch(/[<>]/);
    }
    expect(mails.map((mail) => mail.html).join('\n')).toContain('&lt;');
  });
});
