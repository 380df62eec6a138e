import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USERS_PAGE_SIZE,
  deleteUserAccount,
  getUserForAdmin,
  listUsersForAdmin,
  revokeAdmin,
  USER_MESSAGES,
} from '#core/accounts/admin-users';
import { DELETED_CUSTOMER } from '#core/orders/forget';
import { adminActor, type AdminActor } from '#core/roles';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { type HttpClient, locationOf } from '../support/http-client';
import { enrolTwoFactor } from '../support/two-factor';
import { startTestServer, type TestServer } from '../support/test-server';

// Users and roles (spec §2 "Users", §5, §6, §8).
let server: TestServer;
let admin: AdminActor;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const LIST = '/admin/users';
const userRow = async (id: string) =>
  (await db().select().from(schema.user).where(eq(schema.user.id, id)))[0];
const auditOf = (id: string) =>
  db()
    .select()
    .from(schema.adminActivity)
    .where(and(eq(schema.adminActivity.kind, 'user'), eq(schema.adminActivity.subjectId, id)))
    .orderBy(schema.adminActivity.id);
const post = (fields: Record<string, string>, as = client) => as.postForm(LIST, fields);

/** Users written straight to the table (no password hashing), for the list's searching and paging. */
async function plainUsers(n: number, label: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `plain-${label}-${i}-${randomUUID().slice(0, 8)}`,
    name: `${label} Person ${i}`,
    email: `${label.toLowerCase()}-${i}-${randomUUID().slice(0, 6)}@example.ng`,
    emailVerified: true,
  }));
  await db().insert(schema.user).values(rows);
  return rows;
}

describe('the users list', () => {
  it('shows the columns of §2, with each user’s orders linked to their orders list', async () => {
    const shopper = await createUser(server.services, { name: 'Columned Shopper' });
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await createOrder(db(), shopper.id, [catfish.id]);
    await createOrder(db(), shopper.id, [catfish.id], { paymentStatus: 'failed' });
    const html = await (await client.get(`${LIST}?q=Columned`)).text();
    for (const heading of ['User', 'Contact', 'Address', 'Joined', 'Orders', 'Role', 'Actions'])
      expect(html).toContain(`>${heading}</th>`);
    for (const text of ['Users', 'Refresh Users', 'Columned Shopper', shopper.email, '1 user'])
      expect(html).toContain(text);
    expect(html).toContain(`href="/admin/orders?userId=${shopper.id}"`);
    expect(html).toMatch(new RegExp(`aria-label="2 orders by Columned Shopper"[^>]*>2</a>`));
    const details = await getUserForAdmin(db(), admin, shopper.id);
    expect(details).toMatchObject({
      name: 'Columned Shopper',
      orderCount: 2,
      paidOrderCount: 1,
      role: 'user',
    });
  });

  it('shows 0 for a user whose orders cannot be counted, and still lists them (spec §8)', async () => {
    await db().execute(sql`alter table orders rename column user_id to user_id_away`);
    try {
      const page = await listUsersForAdmin(db(), admin, { q: 'Columned', page: 1 });
      expect(page.orderCountsFailed).toBe(true);
      expect(page.users.map((u) => [u.name, u.orderCount])).toEqual([['Columned Shopper', 0]]);
      expect((await client.get(`${LIST}?q=Columned`)).status).toBe(200);
    } finally {
      await db().execute(sql`alter table orders rename column user_id_away to user_id`);
    }
  });

  it('searches name, id and e-mail case-insensitively, and pages 25 at a time newest first', async () => {
    const rows = await plainUsers(ADMIN_USERS_PAGE_SIZE + 1, 'Pager');
    const find = (q: string, page = 1) => listUsersForAdmin(db(), admin, { q, page });
    expect((await find('PAGER PERSON 7')).users.map((u) => u.id)).toEqual([rows[7]!.id]);
    expect((await find(rows[3]!.id.toUpperCase())).users.map((u) => u.id)).toEqual([rows[3]!.id]);
    expect((await find(rows[5]!.email.toUpperCase())).users.map((u) => u.id)).toEqual([rows[5]!.id]);
    const first = await find('pager person');
    expect(first).toMatchObject({ total: 26, page: 1, pages: 2, moreThanTotal: false });
    expect(first.users).toHaveLength(25);
    expect((await find('pager person', 2)).users).toHaveLength(1);
    // A wildcard is a character, not "anything".
    expect((await find('%')).users).toEqual([]);
    const none = await (await client.get(`${LIST}?q=nobody-is-called-this`)).text();
    expect(none).toContain('No users matching your search');
  });
});

describe('granting and revoking admin', () => {
  it('grants: the toast of §8, the shopper reaches /admin at once (after setting up two-factor); granting again says Already an admin', async () => {
    const shopper = await createUser(server.services, { name: 'Promoted Shopper' });
    const theirs = await signedInClient(server, shopper.email);
    expect(locationOf(await theirs.get('/admin'))).toBe('/admin/login?denied=1');
    const granted = await post({ intent: 'grant-admin', userId: shopper.id });
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain(USER_MESSAGES.granted);
    expect((await userRow(shopper.id))!.role).toBe('admin');
    // At once: the door now asks them to set up two-factor sign-in, and then lets them in.
    expect(locationOf(await theirs.get('/admin'))).toBe('/account/two-factor?redirectTo=%2Fadmin');
    await enrolTwoFactor(server.services.auth, server.database.db, shopper.id);
    expect((await theirs.get('/admin')).status).toBe(200);
    const again = await post({ intent: 'grant-admin', userId: shopper.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Already an admin');
    expect((await auditOf(shopper.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['admin_granted', { role: 'user' }, { role: 'admin' }],
    ]);
  });

  it('revokes: the revoked admin is signed out on the very next request, cookie cache or not', async () => {
    const other = await createUser(server.services, { role: 'admin', name: 'Soon Former Admin' });
    const theirs = await signedInClient(server, other.email);
    expect((await theirs.get('/admin/users')).status).toBe(200);
    const revoked = await post({ intent: 'revoke-admin', userId: other.id });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain(USER_MESSAGES.revoked);
    expect(locationOf(await theirs.get('/admin/users'))).toBe(
      `/admin/login?redirectTo=${encodeURIComponent('/admin/users')}`,
    );
    const refused = await theirs.postForm(LIST, { intent: 'grant-admin', userId: other.id });
    expect(refused.status).toBe(401);
    expect((await userRow(other.id))!.role).toBe('user');
    expect((await auditOf(other.id)).at(-1)).toMatchObject({ action: 'admin_revoked', adminId: admin.id });
  });

  it('refuses revoking your own role, and never removes the last admin', async () => {
    const self = await post({ intent: 'revoke-admin', userId: admin.id });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain(USER_MESSAGES.revokeSelf);
    expect((await userRow(admin.id))!.role).toBe('admin');

    // Leave two admins, then have them remove each other at once: one of them stays.
    await db()
      .update(schema.user)
      .set({ role: 'user' })
      .where(sql`${schema.user.role} = 'admin' and ${schema.user.id} <> ${admin.id}`);
    const second = await createUser(server.services, { role: 'admin', name: 'Second Admin' });
    const secondActor = adminActor({ ...(await userRow(second.id))!, role: 'admin' })!;
    const results = await Promise.allSettled([
      revokeAdmin(db(), admin, second.id),
      revokeAdmin(db(), secondActor, admin.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect((refusal.reason as Error).message).toBe(USER_MESSAGES.lastAdmin);
    const admins = await db().select().from(schema.user).where(eq(schema.user.role, 'admin'));
    expect(admins).toHaveLength(1);
    // Put the seed admin back in charge for the tests that follow. If the second admin won the race, the
    // seed admin's sessions were ended with the role (as a revoke does), so sign in again.
    await db().update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, admin.id));
    client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
});

describe('deleting a user', () => {
  it('removes the account and its data, deletes unpaid orders, keeps paid ones anonymised, and recomputes ratings', async () => {
    const shopper = await createUser(server.services, { name: 'Leaving Shopper' });
    await signedInClient(server, shopper.email); // a session
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    const paid = await createOrder(db(), shopper.id, [catfish.id]);
    const [code] = await db()
      .insert(schema.discountCodes)
      .values({ code: 'LEAVER5', type: 'percent', discountPercent: 5, usedCount: 1 })
      .returning();
    const unpaid = await createOrder(db(), shopper.id, [catfish.id], { paymentStatus: 'failed' });
    await db()
      .update(schema.orders)
      .set({ discountCodeId: code!.id, discountUseHeld: true })
      .where(eq(schema.orders.id, unpaid.id));
    await db().insert(schema.wishlists).values({ userId: shopper.id, productId: croaker.id });
    await db()
      .insert(schema.notifications)
      .values({ userId: shopper.id, orderId: paid.id, message: 'Hello' });
    const reviewer = await createUser(server.services);
    await db()
      .insert(schema.reviews)
      .values([
        { userId: shopper.id, productId: croaker.id, rating: 1, reviewText: 'Too small' },
        { userId: reviewer.id, productId: croaker.id, rating: 5, reviewText: 'Lovely' },
      ]);

    const html = await (await client.get(`${LIST}?q=Leaving`)).text();
    expect(html).toContain('Leaving Shopper');
    const response = await post({ intent: 'delete', userId: shopper.id });
    expect(response.status).toBe(302);
    expect(await (await client.follow(response)).text()).toContain(USER_MESSAGES.deleted);

    expect(await userRow(shopper.id)).toBeUndefined();
    for (const table of [
      schema.session,
      schema.account,
      schema.wishlists,
      schema.notifications,
      schema.reviews,
    ])
      expect(await db().select().from(table).where(eq(table.userId, shopper.id))).toEqual([]);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.id, unpaid.id))).toEqual([]);
    const [kept] = await db().select().from(schema.orders).where(eq(schema.orders.id, paid.id));
    expect(kept).toMatchObject({
      userId: null,
      shippingName: DELETED_CUSTOMER,
      shippingPhone: '',
      shippingAddress: '',
      totalKobo: paid.totalKobo,
      paymentStatus: 'success',
    });
    const [usage] = await db()
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.id, code!.id));
    expect(usage!.usedCount).toBe(0);
    const [rated] = await db().select().from(schema.products).where(eq(schema.products.id, croaker.id));
    const remaining = await db()
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.productId, croaker.id));
    expect(rated!.reviewCount).toBe(remaining.length);
    expect(rated!.averageRating).toBeCloseTo(
      remaining.reduce((s, r) => s + r.rating, 0) / remaining.length,
      2,
    );
    const [audit] = await auditOf(shopper.id);
    expect(audit).toMatchObject({
      action: 'deleted',
      subjectLabel: 'Leaving Shopper',
      before: { paidOrdersKept: 1, unpaidOrdersDeleted: 1, reviewsDeleted: 1 },
    });
    // The kept order still opens for the admin.
    expect((await client.get(`/admin/orders?order=${paid.id}`)).status).toBe(200);
  });

  it('refuses deleting yourself, and a user with an order still waiting for payment', async () => {
    const self = await post({ intent: 'delete', userId: admin.id });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain(USER_MESSAGES.deleteSelf);
    const shopper = await createUser(server.services);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await createOrder(db(), shopper.id, [catfish.id], { paymentStatus: 'pending', status: 'pending' });
    const waiting = await post({ intent: 'delete', userId: shopper.id });
    expect(waiting.status).toBe(409);
    expect(await waiting.text()).toContain(USER_MESSAGES.awaitingPayment);
    expect(await userRow(shopper.id)).toBeDefined();
    await expect(deleteUserAccount(db(), admin, 'no-such-user')).rejects.toThrow(USER_MESSAGES.notFound);
  });
});
