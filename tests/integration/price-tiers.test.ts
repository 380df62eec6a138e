import { eq } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_TIER_MESSAGES } from '#core/catalog/price-tiers';
import { PlaceOrderSchema } from '#core/checkout/schemas';
import { placeOrder } from '#core/checkout/place';
import { quoteOrder } from '#core/checkout/quote';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Quantity prices (issue 50 §6): the owner gives feeds "10+ bags" prices; the one rule on the server
// charges them, whatever the browser sends.
let server: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const FEED_4MM = 'Floating Fish Feed 4 mm (15 kg)';

async function itemsOf(reference: string) {
  const [order] = await db()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.paymentReference, reference));
  const items = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order!.id));
  return { order: order!, items };
}

describe('quantity prices are charged by the server', () => {
  it('9 bags at the bag price, 12 at the 10+ price: the quote and the order placed agree', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const feed = await productNamed(db(), FEED_4MM);
    expect(feed.priceTiers).toEqual([
      { minQuantity: 10, priceKobo: 2_400_000 },
      { minQuantity: 50, priceKobo: 2_300_000 },
    ]);
    const input = (quantity: number) =>
      safeParse(PlaceOrderSchema, {
        idempotencyKey: checkoutKey(),
        // A crafted line cannot choose its price: the server reads only the product and how many.
        items: [{ productId: feed.id, quantity, priceKobo: 1 }],
        deliveryMethod: 'standard',
        deliveryLocation: 'Port Harcourt',
      }).data!;
    const checkout = server.services.checkout;
    expect((await quoteOrder(checkout, shopper.id, input(9))).price.subtotalKobo).toBe(9 * 2_500_000);
    expect((await quoteOrder(checkout, shopper.id, input(12))).price.subtotalKobo).toBe(12 * 2_400_000);

    const placed = await placeOrder(checkout, shopper.id, input(12));
    const { order, items } = await itemsOf(placed.reference);
    expect(order.subtotalKobo).toBe(12 * 2_400_000);
    expect(items.map((i) => [i.quantity, i.unitPriceKobo, i.totalPriceKobo])).toEqual([
      [12, 2_400_000, 12 * 2_400_000],
    ]);
  });

  it('the cart reads them with its prices, and the product page shows them', async () => {
    const feed = await productNamed(db(), FEED_4MM);
    const answer = (await (await fetch(`${server.url}/api/products?ids=${feed.id}`)).json()) as {
      products: { id: number; priceTiers: unknown }[];
    };
    expect(answer.products[0]!.priceTiers).toEqual(feed.priceTiers);
    const page = await (await fetch(`${server.url}/products/${feed.id}`)).text();
    expect(page).toContain('Quantity prices');
    expect(page).toContain('10+: ₦24,000 each');
    expect(page).toContain('50+: ₦23,000 each');
  });
});

describe("the admin's quantity prices", () => {
  const form = (product: typeof schema.products.$inferSelect, tiers: Record<string, string>) => ({
    intent: 'update',
    productId: String(product.id),
    name: product.name,
    description: product.description,
    price: String(product.priceKobo / 100),
    weight: String(product.weightGrams / 1000),
    category: product.category,
    freshness: String(product.freshness),
    inStock: 'true',
    location: product.location ?? '',
    imageUrl: product.imageUrl ?? '',
    ...tiers,
  });

  it('saves rows in naira, and a bad row is refused with its message and changes nothing', async () => {
    const fingerlings = await productNamed(db(), 'Floating Fish Feed 2 mm (15 kg)');
    const bad = await admin.postForm(
      '/admin/products',
      form(fingerlings, { tier1From: '10', tier1Price: '30000', tier2From: '1', tier2Price: '20000' }),
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain(PRICE_TIER_MESSAGES.priceBelow);
    expect(text).toContain(PRICE_TIER_MESSAGES.from);
    expect((await productNamed(db(), fingerlings.name)).priceTiers).toEqual([]);

    const saved = await admin.postForm(
      '/admin/products',
      form(fingerlings, { tier1From: '20', tier1Price: '25,000', tier2From: '', tier2Price: '' }),
    );
    expect(saved.status).toBe(302);
    expect((await productNamed(db(), fingerlings.name)).priceTiers).toEqual([
      { minQuantity: 20, priceKobo: 2_500_000 },
    ]);
    // The activity log has the change, before and after.
    const [change] = await db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.subjectLabel, fingerlings.name));
    expect(JSON.stringify(change)).toContain('"minQuantity":20');

    // Emptied rows take the prices away.
    await admin.postForm('/admin/products', form(fingerlings, {}));
    expect((await productNamed(db(), fingerlings.name)).priceTiers).toEqual([]);
  });
});
