import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_GUESSES, CODE_GUESSES_PER_ADDRESS } from '#core/discounts/guessing';
import { BULK_ENQUIRIES } from '#core/enquiries/service';
import { NEWSLETTER_SIGNUPS } from '#core/newsletter/service';
import * as schema from '#db/schema';
import { SHOPPER_PASSWORD } from '../support/constants';
import { createCheckoutShopper, createUser, productNamed } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Every guess is counted, per client address and per account, in the
// database. The server believes X-Forwarded-For from the loopback proxy here (TRUST_PROXY), so each
// test can come from addresses of its own.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT_MAX: '5',
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60',
      PAGE_CACHE_SECONDS: '0',
    },
  });
});
afterAll(() => server.close());

const db = () => server.database.db;
let lastOctet = 0;
/** A client address of its own for each caller. */
const newAddress = () => `10.36.0.${++lastOctet}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

async function signedInFrom(address: string, email: string, password = SHOPPER_PASSWORD) {
  const client = new HttpClient(server.url);
  const response = await client.postForm('/login', { email, password, redirectTo: '/' }, from(address));
  expect(response.status).toBe(302);
  return client;
}

const changePassword = (client: HttpClient, address: string, currentPassword: string) =>
  client.postForm(
    '/account?tab=settings',
    {
      intent: 'change-password',
      currentPassword,
      password: 'brand-new-pass-1',
      confirmPassword: 'brand-new-pass-1',
    },
    from(address),
  );

describe('the current password on the change-password form', () => {
  it('is guessed at most 5 times a minute per account, from any number of addresses, then 429 says when', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInFrom(newAddress(), shopper.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(client, newAddress(), `wrong-guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('Your current password is not right');
    }
    const refused = await changePassword(client, newAddress(), SHOPPER_PASSWORD);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The page comes back with the form's refusal (its toast), saying when to try again.
    const page = await refused.text();
    expect(page).toContain('Password not changed');
    expect(page).toMatch(/Too many password attempts\. Please try again in \d+ seconds?\./);
    // Even the right password was not tried: the old one still signs in.
    await signedInFrom(newAddress(), shopper.email, SHOPPER_PASSWORD);
  });

  it('is counted once: five quick wrong tries from one browser are each told so, the sixth is refused with when', async () => {
    const shopper = await createUser(server.services);
    const address = newAddress();
    const client = await signedInFrom(address, shopper.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(client, address, `quick-guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('Your current password is not right');
    }
    const refused = await changePassword(client, address, `quick-guess-5`);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many password attempts\. Please try again in \d+ seconds?\./);
  });

  it('is guessed at most 5 times a minute per address, whatever the account', async () => {
    const address = newAddress();
    const first = await createUser(server.services);
    const second = await createUser(server.services);
    const firstClient = await signedInFrom(newAddress(), first.email);
    const secondClient = await signedInFrom(newAddress(), second.email);
    for (let i = 0; i < 3; i++)
      expect((await changePassword(firstClient, address, `nope-${i}`)).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await changePassword(secondClient, address, `nope-${i}`)).status).toBe(400);
    expect((await changePassword(secondClient, address, 'nope-again')).status).toBe(429);
    // The same account from another address still has tries left.
    expect((await changePassword(secondClient, newAddress(), 'nope-elsewhere')).status).toBe(400);
  });
});

describe('the newsletter box and bulk enquiries', () => {
  it(`take ${NEWSLETTER_SIGNUPS.max} sign-ups an hour from one address, then 429, storing nothing more`, async () => {
    const address = newAddress();
    const guest = new HttpClient(server.url);
    for (let i = 0; i < NEWSLETTER_SIGNUPS.max; i++)
      expect(
        (await guest.postForm('/newsletter', { email: `list-${i}@example.ng` }, from(address))).status,
      ).toBe(200);
    const refused = await guest.postForm('/newsletter', { email: 'one-too-many@example.ng' }, from(address));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(await refused.json()).toMatchObject({
      error: { message: 'Too many sign-ups from your connection. Please try again in 60 minutes.' },
    });
    const stored = await db()
      .select()
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.email, 'one-too-many@example.ng'));
    expect(stored).toEqual([]);
    // Another address is not held back.
    expect(
      (await guest.postForm('/newsletter', { email: 'next-door@example.ng' }, from(newAddress()))).status,
    ).toBe(200);
  });

  it(`take ${BULK_ENQUIRIES.max} enquiries an hour from one address: the sales desk gets ${BULK_ENQUIRIES.max} e-mails, not 25`, async () => {
    const address = newAddress();
    const guest = new HttpClient(server.url);
    const enquiry = (i: number) => ({
      name: `Buyer ${i}`,
      phone: '0803 555 0142',
      email: `buyer-${i}@example.ng`,
      location: 'Port Harcourt',
      details: 'Two crates of catfish every Friday for the restaurant.',
    });
    const [before] = await db().select({ n: count() }).from(schema.bulkEnquiries);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await guest.postForm('/bulk', enquiry(i), from(address))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BULK_ENQUIRIES.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - BULK_ENQUIRIES.max);
    const [after] = await db().select({ n: count() }).from(schema.bulkEnquiries);
    expect(after!.n - before!.n).toBe(BULK_ENQUIRIES.max);
    const last = await guest.postForm('/bulk', enquiry(99), from(address));
    expect(await last.text()).toContain(
      'Too many enquiries from your connection. Please try again in 60 minutes',
    );
  });
});

describe('unknown discount codes', () => {
  const TOO_MANY = `Too many discount codes tried. Please try again in ${CODE_GUESSES.windowMinutes} minutes.`;

  it('are counted per address too: a fresh account on the same address does not start afresh', async () => {
    const address = newAddress();
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const quote = async (client: HttpClient, code: string) => {
      const response = await client.postJson('/api/checkout/quote', {
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'pickup',
        deliveryLocation: 'Lagos',
        pickupLocation: 'Yaba Pickup Point, Herbert Macaulay Way',
        discountCode: code,
      });
      // postJson sends no extra headers: the address goes on the client.
      return ((await response.json()) as { discount: { ok: boolean; message?: string } }).discount;
    };
    const accounts = CODE_GUESSES_PER_ADDRESS.max / CODE_GUESSES.max;
    let guess = 0;
    for (let a = 0; a < accounts; a++) {
      const shopper = await createCheckoutShopper(server.services, 'Lagos');
      const client = new HttpClient(server.url, from(address));
      expect(
        (await client.postForm('/login', { email: shopper.email, password: SHOPPER_PASSWORD })).status,
      ).toBe(302);
      for (let i = 0; i < CODE_GUESSES.max; i++)
        expect((await quote(client, `NOPE${++guess}`)).message).toBe('Invalid or expired discount code.');
    }
    const fresh = await createCheckoutShopper(server.services, 'Lagos');
    const client = new HttpClient(server.url, from(address));
    expect((await client.postForm('/login', { email: fresh.email, password: SHOPPER_PASSWORD })).status).toBe(
      302,
    );
    expect((await quote(client, 'NOPE-FRESH')).message).toBe(TOO_MANY);
    // The same fresh account from another address may still try.
    const elsewhere = new HttpClient(server.url, from(newAddress()));
    expect(
      (await elsewhere.postForm('/login', { email: fresh.email, password: SHOPPER_PASSWORD })).status,
    ).toBe(302);
    expect((await quote(elsewhere, 'NOPE-ELSEWHERE')).message).toBe('Invalid or expired discount code.');
    // The try the address refused was given back to the account: only the one from elsewhere counts.
    const [guesses] = await db()
      .select()
      .from(schema.discountCodeGuesses)
      .where(eq(schema.discountCodeGuesses.userId, fresh.id));
    expect(guesses!.guesses).toBe(1);
  });
});
