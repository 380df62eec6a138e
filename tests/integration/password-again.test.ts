import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_MINUTES, PASSWORD_AGAIN } from '#core/accounts/fresh-rules';
import { settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { codeNow } from '../support/totp';
import { createCheckoutShopper, createUser, placeCatfishOrder, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 52 §2: money or power moves only with a password typed in the last 10 minutes — refunds, an
// approved claim's refund, commissions, granting or revoking admin or staff, deleting a user. Asked on
// the server: a crafted post without it is refused and changes nothing.
let server: TestServer;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  adminId = row!.id;
});
afterAll(() => server.close());

const db = () => server.database.db;
const UUID = '00000000-0000-4000-8000-000000000000';
/** Stands for a user: replaced by a real one's id before each post. */
const STRANGER = '{user}';
const audits = async () => (await db().select({ n: count() }).from(schema.adminActivity))[0]!.n;
const roleOf = async (id: string) =>
  (await db().select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id)))[0]!.role;

/** The owner, signed in more than 10 minutes ago. */
async function staleOwner() {
  const client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  await db()
    .update(schema.session)
    .set({ createdAt: sql`now() - interval '${sql.raw(String(FRESH_MINUTES + 1))} minutes'` })
    .where(eq(schema.session.userId, adminId));
  return client;
}

const ACTIONS: [string, Record<string, string>][] = [
  ['/admin/orders', { intent: 'refund', orderId: UUID, reason: 'cancelled' }],
  ['/admin?index', { intent: 'claim-approve', orderId: UUID, claimId: '1', reason: 'spoiled' }],
  ['/admin/sellers', { intent: 'commission', sellerId: '1', commissionPercent: '12' }],
  ['/admin/sellers', { intent: 'default-commission', commissionPercent: '12' }],
  ['/admin/users', { intent: 'grant-admin', userId: STRANGER }],
  ['/admin/users', { intent: 'revoke-admin', userId: STRANGER }],
  ['/admin/users', { intent: 'grant-staff', userId: STRANGER }],
  ['/admin/users', { intent: 'revoke-staff', userId: STRANGER }],
  ['/admin/users', { intent: 'delete', userId: STRANGER }],
];

describe('the password again before money or power moves', () => {
  it.each(ACTIONS)(
    '%s %o: refused without it, and with a wrong one, changing nothing',
    async (path, fields) => {
      const client = await staleOwner();
      const before = await audits();
      const person = await createUser(server.services);
      const posted = Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [name, value === STRANGER ? person.id : value]),
      );
      const refused = await client.postForm(path, posted);
      expect(refused.status).toBe(401);
      const page = (await refused.text()).replace(/&#x27;|&#39;/g, "'");
      // The owner signs in with two-factor: the password and the app's code are asked together.
      expect(page).toContain(PASSWORD_AGAIN.withCode);
      // What was posted comes back, to be sent again with the password.
      expect(page).toContain('passwordAgain');
      for (const value of Object.values(posted)) expect(page).toContain(value);
      const wrong = await client.postForm(path, {
        ...posted,
        confirmPassword: 'not-the-password',
        confirmCode: await codeNow(),
      });
      expect(wrong.status).toBe(401);
      expect((await wrong.text()).replace(/&#x27;|&#39;/g, "'")).toContain(PASSWORD_AGAIN.wrong);
      // The right password without the code, or with a wrong code, is refused as well.
      const noCode = await client.postForm(path, { ...posted, confirmPassword: ADMIN_PASSWORD });
      expect(noCode.status).toBe(401);
      expect((await noCode.text()).replace(/&#x27;|&#39;/g, "'")).toContain(PASSWORD_AGAIN.withCode);
      const wrongCode = await client.postForm(path, {
        ...posted,
        confirmPassword: ADMIN_PASSWORD,
        confirmCode: (await codeNow()) === '123456' ? '654321' : '123456',
      });
      expect(wrongCode.status).toBe(401);
      expect((await wrongCode.text()).replace(/&#x27;|&#39;/g, "'")).toContain(PASSWORD_AGAIN.wrongCode);
      expect(await roleOf(person.id)).toBe('user');
      expect(await audits()).toBe(before);
    },
  );

  it('goes through with the password, then stays fresh for ten minutes', async () => {
    const client = await staleOwner();
    const person = await createUser(server.services);
    const made = await client.postForm('/admin/users', {
      intent: 'grant-staff',
      userId: person.id,
      confirmPassword: ADMIN_PASSWORD,
      confirmCode: await codeNow(),
    });
    expect(made.status).toBe(200);
    expect(await roleOf(person.id)).toBe('staff');
    // Typed just now: the next move needs no password.
    expect(
      (await client.postForm('/admin/users', { intent: 'revoke-staff', userId: person.id })).status,
    ).toBe(200);
    expect(await roleOf(person.id)).toBe('user');
  });

  it('a refund, asked again after the password, is made once', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, shopper.id);
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const client = await staleOwner();
    const fields = { intent: 'refund', orderId: placed.orderId, reason: 'cancelled' };
    expect((await client.postForm('/admin/orders', fields)).status).toBe(401);
    const [untouched] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    expect(untouched!.refundStatus).toBeNull();
    const done = await client.postForm('/admin/orders', {
      ...fields,
      confirmPassword: ADMIN_PASSWORD,
      confirmCode: await codeNow(),
    });
    expect(done.status).toBe(200);
    const [refunded] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    expect(refunded!.refundedKobo).toBe(refunded!.totalKobo);
  });

  it('a session signed in just now needs no password', async () => {
    const client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const person = await createUser(server.services);
    expect((await client.postForm('/admin/users', { intent: 'grant-staff', userId: person.id })).status).toBe(
      200,
    );
  });
});
