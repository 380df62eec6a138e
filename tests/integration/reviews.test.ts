import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listReviews } from '#core/reviews/service';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const review = (client: HttpClient, productId: number, fields: Record<string, string>) =>
  client.postForm(`/products/${productId}`, {
    intent: 'review',
    rating: '5',
    reviewText: 'Very fresh, firm flesh.',
    ...fields,
  });

async function product(name: string) {
  return productNamed(server.database.db, name);
}

describe('reviews: only buyers, once each', () => {
  it("refuses a signed-in shopper who has not bought the product with 403 'Not allowed'", async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    const target = await product('Spiny Lobster');
    const response = await review(client, target.id, {});
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).toContain('Not allowed');
    expect(body).toContain("You can only review products you've purchased.");
    const rows = await server.database.db
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.userId, shopper.id));
    expect(rows).toEqual([]);
    expect((await product('Spiny Lobster')).reviewCount).toBe(target.reviewCount);
  });

  it('refuses a shopper whose order for it is not paid', async () => {
    const shopper = await createUser(server.services);
    const target = await product('Spiny Lobster');
    await createOrder(server.database.db, shopper.id, [target.id], {
      paymentStatus: 'pending',
      status: 'pending',
    });
    const response = await review(await signedInClient(server, shopper.email), target.id, {});
    expect(response.status).toBe(403);
  });

  it('accepts a buyer, and the product’s rating and count change with it', async () => {
    const target = await product('Spiny Lobster');
    expect(target).toMatchObject({ reviewCount: 1, averageRating: 4 });
    const buyer = await createUser(server.services, { name: 'Kelechi Obi' });
    await createOrder(server.database.db, buyer.id, [target.id]);
    const client = await signedInClient(server, buyer.email);

    const response = await review(client, target.id, {
      rating: '1',
      reviewText: '  Arrived late and soft.  ',
    });
    expect(response.status).toBe(200);
    expect(await product('Spiny Lobster')).toMatchObject({ reviewCount: 2, averageRating: 2.5 });

    const [newest] = await listReviews(server.database.db, target.id);
    expect(newest).toMatchObject({
      rating: 1,
      reviewText: 'Arrived late and soft.',
      reviewerName: 'Kelechi Obi',
    });

    const again = await review(client, target.id, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('You have already reviewed this product.');
    expect((await product('Spiny Lobster')).reviewCount).toBe(2);
  });

  it('validates the form: rating 1–5 and text required', async () => {
    const buyer = await createUser(server.services);
    const target = await product('Red Snapper');
    await createOrder(server.database.db, buyer.id, [target.id]);
    const client = await signedInClient(server, buyer.email);
    expect((await review(client, target.id, { rating: '6' })).status).toBe(400);
    expect((await review(client, target.id, { rating: 'five' })).status).toBe(400);
    expect((await review(client, target.id, { reviewText: '   ' })).status).toBe(400);
    expect((await product('Red Snapper')).reviewCount).toBe(target.reviewCount);
  });

  it('sends a guest to log in instead', async () => {
    const target = await product('Red Snapper');
    const response = await review(new HttpClient(server.url), target.id, {});
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/login\?redirectTo=/);
  });

  it('answers an unknown product with 404, not 500', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    expect((await review(client, 999_999, {})).status).toBe(404);
    expect((await client.get('/products/999999')).status).toBe(404);
    expect((await client.get('/products/not-a-number')).status).toBe(404);
  });
});

describe('deleting reviews', () => {
  it('is refused to a shopper and allowed to an admin, who sees the rating follow', async () => {
    const target = await product('Fresh Tilapia');
    const [existing] = await listReviews(server.database.db, target.id);
    const shopper = await createUser(server.services);
    const shopperClient = await signedInClient(server, shopper.email);
    const refused = await shopperClient.postForm(`/products/${target.id}`, {
      intent: 'delete-review',
      reviewId: String(existing!.id),
    });
    expect(refused.status).toBe(403);
    expect(await listReviews(server.database.db, target.id)).toHaveLength(1);

    const admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await admin.get(`/products/${target.id}`);
    expect(await page.text()).toContain('Delete');
    const deleted = await admin.postForm(`/products/${target.id}`, {
      intent: 'delete-review',
      reviewId: String(existing!.id),
    });
    expect(deleted.status).toBe(200);
    expect(await listReviews(server.database.db, target.id)).toEqual([]);
    expect(await product('Fresh Tilapia')).toMatchObject({ reviewCount: 0, averageRating: 0 });
  });

  it('answers an admin asking for a review id that cannot exist with 404, never a 500', async () => {
    const admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const target = await product('Smoked Catfish');
    for (const reviewId of ['abc', '', '-1', '1.5', '1e10', '99999999999', '2147483647']) {
      const response = await admin.postForm(`/products/${target.id}`, { intent: 'delete-review', reviewId });
      expect(response.status, reviewId).toBe(404);
      expect(await response.text()).toContain('This review no longer exists.');
    }
  });
});

describe('the product page', () => {
  it('is server-rendered for link previews: title, description, canonical, Open Graph image and price, JSON-LD', async () => {
    const target = await product('Smoked Catfish');
    const html = await (await fetch(`${server.url}/products/${target.id}`)).text();
    expect(html).toContain('<title>Smoked Catfish — ₦12,500 per kg | FreshCatch</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/products/${target.id}"/>`);
    expect(html).toContain(
      `<meta property="og:image" content="${server.url}/images/products/smoked-catfish-og.jpg"/>`,
    );
    expect(html).toContain('<meta property="product:price:amount" content="12500"/>');
    expect(html).toContain('<meta property="product:price:currency" content="NGN"/>');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Smoked Catfish',
      offers: { price: '12500.00', priceCurrency: 'NGN' },
    });
  });

  it('may be cached briefly for a guest and never for a signed-in shopper', async () => {
    const target = await product('Smoked Catfish');
    const guest = await fetch(`${server.url}/products/${target.id}`);
    expect(guest.headers.get('cache-control')).toContain('s-maxage=60');
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    const personal = await client.get(`/products/${target.id}`);
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
  });
});
