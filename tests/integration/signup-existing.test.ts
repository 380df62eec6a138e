import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { createUser } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// A sign-up with an address that already has an account shows the same screen as for
// a new address (no account enumeration), and that address is told how to get in.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const usersWith = (email: string) =>
  server.database.db.select().from(schema.user).where(eq(schema.user.email, email));

const signUp = (email: string, fullName: string) =>
  new HttpClient(server.url).postForm('/signup', {
    fullName,
    email,
    password: 'another-pass-123',
    confirmPassword: 'another-pass-123',
    terms: 'on',
  });

it('answers a taken address as a new one, changes nothing, and e-mails its owner the ways in', async () => {
  const existing = await createUser(server.services, { name: 'Ngozi Owner' });
  const [before] = await usersWith(existing.email);

  const taken = await signUp(existing.email, 'Someone Else');
  const fresh = await signUp('brand.new.address@example.ng', 'Brand New');
  expect(taken.status).toBe(302);
  expect(fresh.status).toBe(302);
  expect(locationOf(taken)).toBe(`/verify-email?email=${encodeURIComponent(existing.email)}`);
  expect(locationOf(fresh)).toBe(`/verify-email?email=${encodeURIComponent('brand.new.address@example.ng')}`);

  await expect
    .poll(() => server.mailer.lastTo(existing.email)?.subject)
    .toBe('You already have a FreshCatch account');
  const mail = server.mailer.lastTo(existing.email)!;
  expect(mail.text).toContain('Hello Ngozi Owner,');
  expect(mail.text).toContain(`${server.url}/login`);
  expect(mail.text).toContain(`${server.url}/forgot-password`);
  expect(mail.html).toContain(`href="${server.url}/login"`);
  // The account is as it was: one user, same name, same password.
  expect(await usersWith(existing.email)).toEqual([before]);
  // The new address got the usual confirmation instead.
  await server.jobsDone();
  expect(server.mailer.lastTo('brand.new.address@example.ng')?.subject).toBe(
    'Confirm your e-mail for FreshCatch',
  );
});
