import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '#core/accounts/service';
import * as schema from '#db/schema';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 35, part 3: buyers choose how they hear about their orders (WhatsApp, SMS, e-mail only) on their
// profile and at checkout; each choice is kept with when, where, the words shown and the number.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;

function consentsOf(userId: string) {
  return db()
    .select({
      channel: schema.messageConsents.channel,
      source: schema.messageConsents.source,
      wording: schema.messageConsents.wording,
      phone: schema.messageConsents.phone,
    })
    .from(schema.messageConsents)
    .where(eq(schema.messageConsents.userId, userId))
    .orderBy(asc(schema.messageConsents.id));
}

const profileForm = (fields: Record<string, string>) => ({
  intent: 'profile',
  fullName: 'Ada Okafor',
  phone: '0803 123 4567',
  address: '12 Aba Road',
  location: 'Port Harcourt',
  ...fields,
});

describe('the buyer’s choice of order updates', () => {
  it('is SMS until the buyer chooses, and WhatsApp only once they opt in on their profile', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    expect((await getProfile(db(), shopper.id)).contact).toMatchObject({ channel: 'sms', since: null });
    const before = await (await client.get('/account?tab=profile')).text();
    expect(before).toContain('Order updates');
    expect(before).toContain('SMS (text message)');

    for (let i = 0; i < 2; i++) {
      const saved = await client.postForm('/account?tab=profile', profileForm({ contact: 'whatsapp' }));
      expect(saved.status).toBe(200);
    }
    // Sent twice, recorded once: the same choice for the same number is not a new consent.
    expect(await consentsOf(shopper.id)).toEqual([
      {
        channel: 'whatsapp',
        source: 'profile',
        wording: 'Send my order updates and payment reminders on WhatsApp to 0803 123 4567.',
        phone: '+2348031234567',
      },
    ]);
    const page = await (await client.get('/account?tab=profile')).text();
    expect(page).toMatch(/WhatsApp · chosen [A-Z][a-z]{2} \d{2}, \d{4}/);

    // A new number is a new consent, for that number.
    await client.postForm(
      '/account?tab=profile',
      profileForm({ contact: 'whatsapp', phone: '0809 111 2222' }),
    );
    expect((await consentsOf(shopper.id)).at(-1)).toMatchObject({
      channel: 'whatsapp',
      phone: '+2348091112222',
      wording: 'Send my order updates and payment reminders on WhatsApp to 0809 111 2222.',
    });
    expect((await getProfile(db(), shopper.id)).contact).toMatchObject({
      channel: 'whatsapp',
      source: 'profile',
      phone: '+2348091112222',
    });
  });

  it('refuses WhatsApp or SMS without a number, and an unknown choice, changing nothing', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const [before] = await db().select().from(schema.user).where(eq(schema.user.id, shopper.id));

    const noNumber = await client.postForm(
      '/account?tab=profile',
      profileForm({ contact: 'whatsapp', phone: '' }),
    );
    expect(noNumber.status).toBe(400);
    expect(await noNumber.text()).toContain(
      'Please add a phone number to get order updates by WhatsApp or SMS.',
    );

    const unknown = await client.postForm('/account?tab=profile', profileForm({ contact: 'pigeon' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Please choose how to get your order updates.');

    expect(await consentsOf(shopper.id)).toEqual([]);
    const [after] = await db().select().from(schema.user).where(eq(schema.user.id, shopper.id));
    expect(after).toEqual(before);

    // A buyer with no number who never chose saves the profile form as it comes (SMS shown): that is
    // no choice, and the rest of the form is saved.
    const asShown = await client.postForm(
      '/account?tab=profile',
      profileForm({ contact: 'sms', phone: '', fullName: 'Ada Nonumber' }),
    );
    expect(asShown.status).toBe(200);
    expect(await consentsOf(shopper.id)).toEqual([]);
    const [saved] = await db().select().from(schema.user).where(eq(schema.user.id, shopper.id));
    expect(saved).toMatchObject({ name: 'Ada Nonumber', phone: null });
  });

  it('is recorded with the order at checkout, once per change, and kept when a page sends none', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const order = (contact?: string, key = checkoutKey(), quantity = 1) => ({
      idempotencyKey: key,
      items: [{ productId: catfish.id, quantity }],
      deliveryMethod: 'pickup',
      deliveryLocation: 'Port Harcourt',
      pickupLocation: 'Rumuokoro Junction Hub',
      ...(contact ? { contact } : {}),
    });
    expect((await client.postJson('/checkout', order('whatsapp'))).status).toBe(200);
    expect((await client.postJson('/checkout', order('whatsapp'))).status).toBe(200);
    const third = checkoutKey();
    expect((await client.postJson('/checkout', order(undefined, third))).status).toBe(200);
    // The same checkout visit with a changed cart (three unpaid orders is the most one may have).
    expect((await client.postJson('/checkout', order('email', third, 2))).status).toBe(200);
    // The factory's number was stored as typed, before numbers were kept as E.164: the consent has it so.
    expect(await consentsOf(shopper.id)).toEqual([
      {
        channel: 'whatsapp',
        source: 'checkout',
        wording: 'Send my order updates and payment reminders on WhatsApp to 0803 555 0101.',
        phone: '+2348035550101',
      },
      { channel: 'email', source: 'checkout', wording: 'Send my order updates by e-mail only.', phone: null },
    ]);

    const refused = await client.postJson('/checkout', order('fax'));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please choose how to get your order updates.');
    expect(await consentsOf(shopper.id)).toHaveLength(2);
  });
});
