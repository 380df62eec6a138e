import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayMonth, shopDay } from '#core/calendar';
import { cancelUnpaidOrder } from '#core/checkout/cancel';
import { placeOrder } from '#core/checkout/place';
import { ONE_FARM_PER_PRODUCT } from '#core/checkout/quote';
import { settlePayment } from '#core/checkout/settle';
import { offerSlots } from '#core/delivery/slot-bookings';
import { createFarm } from '#core/farm/farms';
import { getOrderForAdmin, updateOrderStatus } from '#core/orders/management';
import { refundOrder } from '#core/orders/refunds';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import { sellerBalance } from '#core/sellers/ledger';
import { applyToSell, approveSeller } from '#core/sellers/service';
import { packerOrigin } from '#core/sellers/origin-words';
import { receiveStock, setStockCounting } from '#core/stock/batches';
import { CHOSEN_BATCH_GONE } from '#core/stock/rules';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import {
  checkoutKey,
  createCheckoutShopper,
  createUser,
  receivedHarvest,
  signedInClient,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 51 §3: a buyer chooses the farm. A seller's harvest received at the hub sells only to lines that
 * name it, at its offer's price, and holds per batch: never oversold, never drawn for a line that named
 * none; released, sold and refunded to its own batch. On this file's engine.
 */
let server: TestServer;
let admin: AdminActor;
let sellerId: number;
let sellerUser: string;
const today = shopDay(new Date());
const db = () => server.database.db;
const deps = () => server.services.checkout;

beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '1000', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  const person = await createUser(server.services, { name: 'Boma Briggs' });
  sellerUser = person.id;
  const farm = await createFarm(db(), person.id, { name: 'Briggs Farm', state: 'Rivers', town: 'Bonny' });
  const sellerDeps = { db: db(), banks: server.services.payments, jobs: server.services.jobs };
  const seller = await applyToSell(sellerDeps, person.id, {
    farmId: farm.id,
    businessName: 'Briggs Fish',
    phone: '0803 555 0199',
    bankCode: '058',
    accountNumber: '3000000002',
  });
  await approveSeller(sellerDeps, admin, seller.id, '10');
  sellerId = seller.id;
});
afterAll(() => server.close());

let made = 0;
/**
 * A product of 1 kg an item at ₦4,800, counted in kg: the shop's own `ownKg` caught today, and Briggs
 * Farm's `farmKg` harvested yesterday at ₦3,200 a kg. Returns it and the farm's batch.
 */
async function stocked(ownKg: number, farmKg: number) {
  const [product] = await db()
    .insert(schema.products)
    .values({ name: `Choice Catfish ${++made}`, priceKobo: 480_000, category: 'fresh', weightGrams: 1000 })
    .returning();
  await setStockCounting(db(), admin, product!.id, 'kg');
  if (ownKg > 0)
    await receiveStock(db(), admin, product!.id, {
      intent: 'receive',
      quantity: String(ownKg),
      dateKind: 'caught',
      preparedOn: today,
      bestBefore: null,
      note: null,
    });
  const batchId = await receivedHarvest(db(), admin, sellerUser, {
    productId: product!.id,
    kg: farmKg,
    naira: 3200,
    daysAgo: 1,
  });
  return { product: product!, batchId };
}

const cart = (items: { productId: number; quantity: number; batchId?: number }[]) => ({
  idempotencyKey: checkoutKey(),
  items,
  deliveryMethod: 'pickup' as const,
  deliveryLocation: 'Port Harcourt',
  pickupLocation: 'Rumuokoro Junction Hub',
});

async function batchOf(batchId: number) {
  const [batch] = await db().select().from(schema.stockBatches).where(eq(schema.stockBatches.id, batchId));
  return { left: batch!.quantityLeft, held: batch!.quantityHeld };
}
async function productOf(productId: number) {
  const [row] = await db().select().from(schema.products).where(eq(schema.products.id, productId));
  return { onHand: row!.stockOnHand, held: row!.stockHeld };
}

describe('a buyer chooses the farm', () => {
  it('the product page lists the farm with its price and what is left; the cart re-reads it', async () => {
    const { product, batchId } = await stocked(3, 5);
    // The page's words as a reader sees them (React marks where text nodes meet).
    const page = (await (await fetch(`${server.url}/products/${product.id}`)).text()).replaceAll(
      '<!-- -->',
      '',
    );
    expect(page).toContain('Choose where it comes from');
    expect(page).toContain('Briggs Farm');
    expect(page).toContain('Harvested yesterday');
    expect(page).toMatch(/₦3,200(\.00)? per kg · 5 kg left/);
    expect(page).toContain('FreshCatch’s own stock');
    const current = await (await fetch(`${server.url}/api/products?ids=${product.id}`)).json();
    expect(current.products[0].sources).toMatchObject({
      ownAvailable: 3000,
      ownSince: today,
      farms: [
        { batchId, farm: 'Briggs Farm', seller: 'Briggs Fish', unitPriceKobo: 320_000, available: 5000 },
      ],
    });
  });

  it('a line naming the farm is charged its price, holds its batch, and is sold from it; the seller is credited after delivery', async () => {
    const { product, batchId } = await stocked(3, 5);
    const shopper = await createCheckoutShopper(server.services);
    const before = await sellerBalance(db(), sellerId);
    const placed = await placeOrder(
      deps(),
      shopper.id,
      cart([{ productId: product.id, quantity: 2, batchId }]),
    );
    const [line] = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({
      batchId,
      unitPriceKobo: 320_000,
      totalPriceKobo: 640_000,
      stockQuantity: 2000,
    });
    expect(await batchOf(batchId)).toEqual({ left: 5000, held: 2000 });
    expect(await productOf(product.id)).toEqual({ onHand: 8000, held: 2000 });

    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    expect(await batchOf(batchId)).toEqual({ left: 3000, held: 0 });
    const draws = await db()
      .select()
      .from(schema.stockDraws)
      .where(eq(schema.stockDraws.orderItemId, line!.id));
    expect(draws.map((d) => [d.batchId, d.quantity])).toEqual([[batchId, 2000]]);

    for (const status of ['processing', 'shipped', 'delivered'] as const)
      await updateOrderStatus(deps(), admin, placed.orderId, status);
    const after = await sellerBalance(db(), sellerId);
    // 2 kg at ₦3,200, less Briggs's 10 %: ₦5,760, waiting for the claim window.
    expect(after.waitingKobo - before.waitingKobo).toBe(576_000);
  });

  it('a line naming no farm takes only the shop’s own: never a seller’s harvest', async () => {
    const { product, batchId } = await stocked(1, 5);
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const refused = await client.postJson('/checkout.data', cart([{ productId: product.id, quantity: 2 }]));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`Only 1 kg of ${product.name} left: you can order at most 1.`);
    const placed = await placeOrder(deps(), shopper.id, cart([{ productId: product.id, quantity: 1 }]));
    const [line] = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ batchId: null, unitPriceKobo: 480_000 });
    await decideDemoPayment(db(), placed.reference, 'success');
    await settlePayment(deps(), placed.reference);
    expect(await batchOf(batchId)).toEqual({ left: 5000, held: 0 });
    expect(await productOf(product.id)).toEqual({ onHand: 5000, held: 0 });
  });

  it('buyers at once for one farm’s 5 kg: exactly what fits is held, the rest told how much is left', async () => {
    const { product, batchId } = await stocked(10, 5);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createCheckoutShopper(server.services)));
    const answers = await Promise.allSettled(
      buyers.map((b) => placeOrder(deps(), b.id, cart([{ productId: product.id, quantity: 2, batchId }]))),
    );
    const placed = answers.filter((a) => a.status === 'fulfilled');
    expect(placed).toHaveLength(2);
    for (const a of answers.filter((a) => a.status === 'rejected'))
      expect(String((a as PromiseRejectedResult).reason.message)).toBe(
        `Only 1 kg of ${product.name} from Briggs Farm left: you can order at most 1.`,
      );
    expect(await batchOf(batchId)).toEqual({ left: 5000, held: 4000 });
    // The shop's own 10 kg are untouched by it.
    expect(await productOf(product.id)).toEqual({ onHand: 15_000, held: 4000 });
  });

  it('buyers at once placing and paying, some naming the farm and some not: every order paid, no stock lost', async () => {
    const { product, batchId } = await stocked(50, 50);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, () => createCheckoutShopper(server.services)),
    );
    await Promise.all(
      buyers.map(async (b, i) => {
        const placed = await placeOrder(
          deps(),
          b.id,
          cart([{ productId: product.id, quantity: 1, ...(i % 2 ? { batchId } : {}) }]),
        );
        await decideDemoPayment(db(), placed.reference, 'success');
        expect(await settlePayment(deps(), placed.reference)).toBe('paid');
      }),
    );
    expect(await batchOf(batchId)).toEqual({ left: 44_000, held: 0 });
    expect(await productOf(product.id)).toEqual({ onHand: 88_000, held: 0 });
  });

  it('an order that ends unpaid gives the farm its hold back; a refund before dispatch returns the fish to its batch', async () => {
    const { product, batchId } = await stocked(0, 6);
    const a = await createCheckoutShopper(server.services);
    const cancelled = await placeOrder(deps(), a.id, cart([{ productId: product.id, quantity: 3, batchId }]));
    await cancelUnpaidOrder(deps(), a.id, cancelled.orderId);
    expect(await batchOf(batchId)).toEqual({ left: 6000, held: 0 });

    const b = await createCheckoutShopper(server.services);
    const paid = await placeOrder(deps(), b.id, cart([{ productId: product.id, quantity: 4, batchId }]));
    await decideDemoPayment(db(), paid.reference, 'success');
    await settlePayment(deps(), paid.reference);
    expect(await batchOf(batchId)).toEqual({ left: 2000, held: 0 });
    await refundOrder(deps(), admin, paid.orderId, { reason: 'cancelled' });
    await server.jobsDone();
    expect(await batchOf(batchId)).toEqual({ left: 6000, held: 0 });
    expect(await productOf(product.id)).toEqual({ onHand: 6000, held: 0 });
  });

  it('refused, with nothing written: a batch that is not a farm’s on sale, and two farms for one product', async () => {
    const { product } = await stocked(4, 2);
    const other = await stocked(4, 2);
    const [ownBatch] = await db()
      .select()
      .from(schema.stockBatches)
      .where(eq(schema.stockBatches.productId, product.id));
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    for (const batchId of [ownBatch!.id, other.batchId, 2_000_000_000]) {
      const answer = await client.postJson(
        '/api/checkout/quote',
        cart([{ productId: product.id, quantity: 1, batchId }]),
      );
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain(CHOSEN_BATCH_GONE);
    }
    const two = await client.postJson(
      '/checkout.data',
      cart([
        { productId: other.product.id, quantity: 1, batchId: other.batchId },
        { productId: other.product.id, quantity: 1 },
      ]),
    );
    expect(two.status).toBe(400);
    expect(await two.text()).toContain(ONE_FARM_PER_PRODUCT);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id))).toEqual([]);
    expect(await productOf(other.product.id)).toEqual({ onHand: 6000, held: 0 });
  });

  it('the order says which farm a line is from: the buyer’s order page, the owner’s order and the dispatch sheet', async () => {
    const chosen = await stocked(3, 5);
    const own = await stocked(3, 5);
    const [slot] = await db()
      .insert(schema.deliverySlots)
      .values({
        location: 'Port Harcourt',
        startMinute: 14 * 60,
        endMinute: 17 * 60,
        cutoffMinute: 12 * 60,
        capacity: 5,
      })
      .returning();
    const offered = (await offerSlots(db(), new Date())).find((s) => s.slotId === slot!.id)!;
    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [
        { productId: chosen.product.id, quantity: 1, batchId: chosen.batchId },
        { productId: own.product.id, quantity: 1 },
      ],
      deliveryMethod: 'express',
      deliveryLocation: 'Port Harcourt',
      deliverySlot: { slotId: slot!.id, day: offered.day },
    });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    const [offer] = await db()
      .select()
      .from(schema.sellerOffers)
      .where(eq(schema.sellerOffers.batchId, chosen.batchId));
    const harvested = dayMonth(offer!.harvestedOn);
    const words = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");
    // The line of the page's Items section that names the product.
    const lineOf = (html: string, name: string) => {
      const at = html.indexOf(name, html.indexOf('id="order-items"'));
      return html.slice(at, at + 600);
    };

    const buyer = await signedInClient(server, shopper.email);
    const page = words(await (await buyer.get(`/account/orders/${placed.orderId}`)).text());
    expect(lineOf(page, chosen.product.name)).toContain('From Briggs Farm, Bonny, Rivers');
    expect(lineOf(page, own.product.name)).not.toContain('From ');
    // The packer's words (the shop's offer number) are not the buyer's.
    expect(page).not.toContain('offer #');

    const owner = await signedInClient(server, (await createUser(server.services, { role: 'admin' })).email);
    const packed = `Briggs Farm (Briggs Fish), Bonny, Rivers · harvested ${harvested} · offer #${offer!.id}`;
    // The owner's order dialog opens in the browser (the e2e journey reads it): its data names the batch.
    const details = await getOrderForAdmin(db(), admin, placed.orderId);
    const lines = details.items.map((i) =>
      i.batchId === null ? null : packerOrigin(details.origins[i.batchId]!),
    );
    expect(lines).toEqual([packed, null]);
    const [day] = await db()
      .select()
      .from(schema.deliverySlotDays)
      .where(eq(schema.deliverySlotDays.slotId, slot!.id));
    const sheet = words(await (await owner.get(`/admin/dispatch?day=${day!.id}`)).text());
    expect(lineOf(sheet, chosen.product.name)).toContain(packed);
    expect(lineOf(sheet, own.product.name)).not.toContain('Briggs Farm');
  });
});
