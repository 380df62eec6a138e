import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, type AdminActor } from '#core/roles';
import { countUsers } from '#core/accounts/service';
import { countProducts } from '#core/catalog/service';
import {
  countOrdersForDashboard,
  lastDays,
  latestPaidOrders,
  salesByDay,
  SALES_DAYS,
} from '#core/orders/reports';
import { changeOrder } from '#core/orders/lifecycle';
import { getOrderForAdmin } from '#core/orders/management';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// The dashboard: the counters of spec §2, with "pending" meaning paid orders waiting for the
// shop, paid revenue per day for 30 days, and the latest paid orders.
let server: TestServer;
let admin: AdminActor;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;

async function order(
  paymentStatus: 'success' | 'pending' | 'failed',
  status: 'pending' | 'delivered',
  paidAt?: Date,
) {
  const shopper = await createUser(server.services);
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  const created = await createOrder(db(), shopper.id, [catfish.id], { paymentStatus, status });
  await db()
    .update(schema.orders)
    .set({ paidAt: paymentStatus === 'success' ? (paidAt ?? new Date()) : null })
    .where(eq(schema.orders.id, created.id));
  return created;
}

describe('the admin dashboard', () => {
  it('counts users and products from the counts PostgreSQL keeps, through inserts, deletes and bulk inserts', async () => {
    const exact = async () => ({
      users: (await db().select({ id: schema.user.id }).from(schema.user)).length,
      products: (await db().select({ id: schema.products.id }).from(schema.products)).length,
    });
    const kept = async () => ({ users: await countUsers(db(), admin), products: await countProducts(db()) });
    expect(await kept()).toEqual(await exact());

    const shopper = await createUser(server.services); // a sign-up through Better Auth
    const stamp = Date.now();
    await db()
      .insert(schema.user)
      .values(
        [1, 2, 3].map((i) => ({
          id: `bulk-${stamp}-${i}`,
          name: `Bulk ${i}`,
          email: `bulk.${stamp}.${i}@example.ng`,
        })),
      );
    const [added] = await db()
      .insert(schema.products)
      .values({ name: `Counted Fish ${stamp}`, priceKobo: 100_00, weightGrams: 1000, category: 'fresh' })
      .returning();
    expect(await kept()).toEqual(await exact());

    await db()
      .delete(schema.user)
      .where(eq(schema.user.id, `bulk-${stamp}-2`));
    await db().delete(schema.products).where(eq(schema.products.id, added!.id));
    await db().delete(schema.user).where(eq(schema.user.id, shopper.id));
    expect(await kept()).toEqual(await exact());
  });

  it('counts as pending only paid orders still waiting for the shop, not unpaid checkouts', async () => {
    const before = await countOrdersForDashboard(db(), admin);
    await order('success', 'pending');
    await order('pending', 'pending');
    await order('failed', 'pending');
    await order('success', 'delivered');
    const after = await countOrdersForDashboard(db(), admin);
    expect(after.waiting - before.waiting).toBe(1);
    expect(after.fulfilled - before.fulfilled).toBe(1);
  });

  it('adds up paid revenue per Lagos day for the last 30 days, with empty days at 0', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    // 23:30 Lagos on Nov 20 is 22:30 UTC: it belongs to Nov 20 in Lagos.
    const a = await order('success', 'delivered', new Date('2026-11-20T22:30:00Z'));
    const b = await order('success', 'pending', new Date('2026-11-20T08:00:00Z'));
    await order('pending', 'pending');
    const days = await salesByDay(db(), admin, now);
    expect(days).toHaveLength(SALES_DAYS);
    expect(days.at(-1)!.day).toBe('2026-11-24');
    expect(days[0]!.day).toBe('2026-10-26');
    const nov20 = days.find((d) => d.day === '2026-11-20')!;
    expect(nov20).toEqual({ day: '2026-11-20', orders: 2, revenueKobo: a.totalKobo + b.totalKobo });
    expect(days.find((d) => d.day === '2026-11-19')).toEqual({
      day: '2026-11-19',
      orders: 0,
      revenueKobo: 0,
    });
  });

  it('counts refunds out: a full refund leaves the pending orders and the revenue; a partial one its amount', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const before = await countOrdersForDashboard(db(), admin);
    const full = await order('success', 'pending', new Date('2026-11-18T09:00:00Z'));
    const part = await order('success', 'pending', new Date('2026-11-18T10:00:00Z'));
    const waiting = await countOrdersForDashboard(db(), admin);
    expect(waiting.waiting - before.waiting).toBe(2);
    const deps = server.services.checkout;
    // Refunded through the lifecycle, as the Refund button does (the provider's answer recorded).
    for (const [paid, amountKobo] of [
      [full, full.totalKobo],
      [part, 200_000],
    ] as const) {
      await db().transaction(async (tx) => {
        await changeOrder(
          tx,
          deps,
          { id: paid.id },
          { kind: 'refund-request', amountKobo, reason: 'spoiled' },
          { admin },
        );
        await changeOrder(
          tx,
          deps,
          { id: paid.id },
          { kind: 'refund-accept', amountKobo, status: 'processed', reference: null },
        );
      });
    }
    const after = await countOrdersForDashboard(db(), admin);
    // The full refund cancelled its order; the partly refunded one still waits for the shop.
    expect(after.waiting - before.waiting).toBe(1);
    const nov18 = (await salesByDay(db(), admin, now)).find((d) => d.day === '2026-11-18')!;
    expect(nov18).toEqual({ day: '2026-11-18', orders: 2, revenueKobo: part.totalKobo - 200_000 });
    expect((await getOrderForAdmin(db(), admin, full.id)).words).toEqual({
      status: { label: 'Cancelled — refunded', tone: 'danger' },
      payment: { label: 'Refunded ₦7,300', tone: 'neutral' },
    });
    expect((await getOrderForAdmin(db(), admin, part.id)).words.payment.label).toBe('Partly refunded ₦2,000');
  });

  it('lists the five latest paid orders, newest first', async () => {
    const latest = await latestPaidOrders(db(), admin);
    expect(latest.length).toBeLessThanOrEqual(5);
    const times = latest.map((o) => new Date(o.paidAt!).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('renders the counters, the chart with its table for screen readers, and the latest orders', async () => {
    const client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const html = await (await client.get('/admin')).text();
    for (const text of [
      'Total products',
      'Registered users',
      'Pending orders',
      'Paid and waiting to be processed',
      'Fulfilled orders',
      'Paid revenue per day',
      'Paid orders and revenue per day',
      'Latest paid orders',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 600 180"/);
  });
});

describe('Lagos days', () => {
  it('counts back from the Lagos date, across a month end', () => {
    expect(lastDays(new Date('2026-03-01T23:30:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
