import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, SHOP_START_UP, type AdminActor } from '#core/roles';
import { changedFields, describeAdminChange, fieldLabel, formatAuditValue } from '#core/audit/kinds';
import { listActivityAdmins, listAdminActivity } from '#core/audit/log';
import { createProduct, deleteProduct, updateProduct } from '#core/catalog/management';
import { deleteOrder, updateOrderStatus } from '#core/orders/management';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Every admin change is recorded in the same transaction, with who, when, what and
// the values before and after; /admin/activity lists them newest first, by kind and by admin.
let server: TestServer;
let admin: AdminActor;
let otherAdmin: AdminActor;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  const second = await createUser(server.services, { role: 'admin', name: 'Second Admin' });
  const [secondRow] = await db().select().from(schema.user).where(eq(schema.user.id, second.id));
  otherAdmin = adminActor(secondRow!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;

const productForm = {
  name: 'Audit Prawns',
  description: 'For the audit trail',
  price: 1_250_000,
  weight: 1000,
  category: 'shellfish' as const,
  freshness: 5,
  inStock: 'true' as const,
  location: 'Port Harcourt',
  imageUrl: '',
};

async function rowsFor(subjectId: string | number) {
  return db()
    .select()
    .from(schema.adminActivity)
    .where(eq(schema.adminActivity.subjectId, String(subjectId)))
    .orderBy(schema.adminActivity.id);
}

describe('the audit log', () => {
  it('records a product created, edited and deleted, with who and the values before and after', async () => {
    const created = await createProduct(db(), admin, productForm);
    await updateProduct(db(), otherAdmin, created.id, { ...productForm, price: 1_500_000 });
    await deleteProduct(db(), admin, created.id);

    const rows = await rowsFor(created.id);
    expect(rows.map((r) => [r.kind, r.action, r.adminId, r.subjectLabel])).toEqual([
      ['product', 'created', admin.id, 'Audit Prawns'],
      ['product', 'updated', otherAdmin.id, 'Audit Prawns'],
      ['product', 'deleted', admin.id, 'Audit Prawns'],
    ]);
    expect(rows[0]).toMatchObject({ adminName: admin.name, adminEmail: admin.email, before: null });
    // What changed, without the bookkeeping every save touches.
    expect(changedFields(rows[1]!.before!, rows[1]!.after!).map((c) => c.field)).toEqual(['priceKobo']);
    expect(rows[1]!.before).toMatchObject({ priceKobo: 1_250_000 });
    expect(rows[1]!.after).toMatchObject({ priceKobo: 1_500_000 });
    expect(rows[2]).toMatchObject({ before: { name: 'Audit Prawns', priceKobo: 1_500_000 }, after: null });
  });

  it('records order status changes and deletions; a refused change records nothing', async () => {
    const shopper = await createUser(server.services);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    // Awaiting payment: the shop cancels it directly (a paid one is cancelled by its refund).
    const order = await createOrder(db(), shopper.id, [catfish.id], {
      status: 'pending',
      paymentStatus: 'pending',
    });
    const deps = server.services.checkout;
    await updateOrderStatus(deps, admin, order.id, 'cancelled');
    // Already cancelled: refused, and no row.
    await expect(updateOrderStatus(deps, admin, order.id, 'cancelled')).rejects.toThrow('already cancelled');
    const failed = await createOrder(db(), shopper.id, [catfish.id], { paymentStatus: 'failed' });
    await deleteOrder(db(), admin, failed.id);

    const statusRows = await rowsFor(order.id);
    expect(statusRows).toHaveLength(1);
    expect(statusRows[0]).toMatchObject({
      kind: 'order',
      action: 'status_changed',
      subjectLabel: `#${order.id.slice(0, 8)}`,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
    const [deleted] = await rowsFor(failed.id);
    expect(deleted).toMatchObject({ action: 'deleted', before: { id: failed.id, paymentStatus: 'failed' } });
  });

  it('is append-only: the database refuses to update or delete a row', async () => {
    const [row] = await db().select().from(schema.adminActivity).limit(1);
    await expect(
      db()
        .update(schema.adminActivity)
        .set({ subjectLabel: 'rewritten' })
        .where(eq(schema.adminActivity.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db().delete(schema.adminActivity).where(eq(schema.adminActivity.id, row!.id)),
    ).rejects.toThrow();
    const [again] = await db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.id, row!.id));
    expect(again!.subjectLabel).toBe(row!.subjectLabel);
  });

  it('lists newest first, by kind and by admin, and names every admin who made a change', async () => {
    const all = await listAdminActivity(db(), admin, { page: 1 });
    const [newest] = await db()
      .select()
      .from(schema.adminActivity)
      .orderBy(desc(schema.adminActivity.createdAt), desc(schema.adminActivity.id))
      .limit(1);
    expect(all.entries[0]!.id).toBe(newest!.id);
    const orders = await listAdminActivity(db(), admin, { page: 1, kind: 'order' });
    expect(orders.entries.length).toBeGreaterThan(0);
    expect(orders.entries.every((e) => e.kind === 'order')).toBe(true);
    const theirs = await listAdminActivity(db(), admin, { page: 1, adminId: otherAdmin.id });
    expect(theirs.entries.map((e) => e.action)).toEqual(['updated']);
    const admins = await listActivityAdmins(db(), admin);
    // The shop's own start-up made the operator's account an admin (ADMIN_EMAIL): it is named too.
    expect(admins.map((a) => a.id).sort()).toEqual([admin.id, otherAdmin.id, SHOP_START_UP.id].sort());
    expect(admins.find((a) => a.id === SHOP_START_UP.id)).toMatchObject({ name: 'Shop start-up' });
    expect(admins.find((a) => a.id === otherAdmin.id)).toMatchObject({ name: 'Second Admin' });
  });

  it('shows on /admin/activity with its filters, linked from the dashboard', async () => {
    const client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dashboard = await (await client.get('/admin')).text();
    expect(dashboard).toContain('href="/admin/activity"');
    const page = await (await client.get('/admin/activity?kind=product')).text();
    expect(page).toContain('<h1 class="text-2xl font-bold">Activity</h1>');
    expect(page).toContain('Deleted product');
    expect(page).toContain('Audit Prawns');
    expect(page).not.toContain('Changed the status of order');
    const byAdmin = await (await client.get(`/admin/activity?adminId=${otherAdmin.id}`)).text();
    expect(byAdmin).toContain('Updated product');
    expect(byAdmin).toContain('₦12,500');
    expect(byAdmin).toContain('₦15,000');
    expect(byAdmin).not.toContain('Created product');
  });
});

describe('how a change reads', () => {
  it('names fields and values for people', () => {
    expect(fieldLabel('priceKobo')).toBe('Price');
    expect(fieldLabel('pickupLocations')).toBe('Pickup locations');
    expect(formatAuditValue('priceKobo', 250_000)).toBe('₦2,500');
    expect(formatAuditValue('weightGrams', 1500)).toBe('1.5 kg');
    expect(formatAuditValue('pickupLocations', ['Rumuola', 'GRA'])).toBe('Rumuola, GRA');
    expect(formatAuditValue('active', false)).toBe('No');
    expect(formatAuditValue('expiresAt', null)).toBe('—');
    expect(describeAdminChange('user', 'admin_granted')).toBe('Granted admin privileges to user');
  });
});
