import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { createUser, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// /admin/settings (spec §2 "Settings", §8 "Admin settings profile save").
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;

async function anAdmin() {
  const admin = await createUser(server.services, { role: 'admin', name: 'Settings Admin' });
  await db().update(schema.user).set({ location: 'Lagos' }).where(eq(schema.user.id, admin.id));
  return { ...admin, client: await signedInClient(server, admin.email) };
}

const userRow = async (id: string) =>
  (await db().select().from(schema.user).where(eq(schema.user.id, id)))[0]!;

describe('admin settings', () => {
  it("shows the profile card with the admin's details and the account settings card", async () => {
    const { client } = await anAdmin();
    const html = await (await client.get('/admin/settings')).text();
    for (const text of [
      '>Settings</h1>',
      'Profile Information',
      'Full Name',
      'Phone Number',
      'Default Address',
      'Save Changes',
      'Admin Account Settings',
      'Go to Account Settings',
      'value="Settings Admin"',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/href="\/account"[^>]*>Go to Account Settings/);
  });

  it("saves name, phone and address, keeps the location, and says 'Profile updated successfully'", async () => {
    const { id, client } = await anAdmin();
    const response = await client.postForm('/admin/settings', {
      fullName: '  Chidinma Admin ',
      phone: '0803 555 0142',
      address: '4 Harbour Road, Port Harcourt',
    });
    expect(response.status).toBe(200);
    const answer = await response.text();
    expect(answer).toContain('Success');
    expect(answer).toContain('Profile updated successfully');
    expect(await userRow(id)).toMatchObject({
      name: 'Chidinma Admin',
      // Kept as E.164, shown as it was typed.
      phone: '+2348035550142',
      address: '4 Harbour Road, Port Harcourt',
      location: 'Lagos',
    });
    // The menu shows the new name on the next page.
    const settings = await (await client.get('/admin/settings')).text();
    expect(settings).toContain('Chidinma Admin');
    expect(settings).toContain('value="0803 555 0142"');
  });

  it('keeps a phone as E.164 however it is typed, and refuses one that only looks like a number', async () => {
    const { id, client } = await anAdmin();
    for (const typed of ['08031234567', '+234 803 123 4567', '2348031234567', '+234 (0) 803-123-4567']) {
      const saved = await client.postForm('/admin/settings', {
        fullName: 'Ifeoma Admin',
        phone: typed,
        address: '',
      });
      expect(saved.status).toBe(200);
      expect((await userRow(id)).phone).toBe('+2348031234567');
    }
    // Seven digits pass the form's shape but are no number: the field says so, and nothing changes.
    const refused = await client.postForm('/admin/settings', {
      fullName: 'Changed',
      phone: '0803 555',
      address: '',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please enter a phone number we can call, such as 0803 555 0142');
    expect(await userRow(id)).toMatchObject({ name: 'Ifeoma Admin', phone: '+2348031234567' });
  });

  it('refuses a blank name or a bad phone, changing nothing', async () => {
    const { id, client } = await anAdmin();
    const before = await userRow(id);
    const response = await client.postForm('/admin/settings', {
      fullName: '  ',
      phone: 'call me',
      address: '',
    });
    expect(response.status).toBe(400);
    const answer = await response.text();
    expect(answer).toContain('Full name is required');
    expect(answer).toContain('Please enter a phone number we can call, such as 0803 555 0142');
    expect(await userRow(id)).toMatchObject({
      name: before.name,
      phone: before.phone,
      address: before.address,
    });
  });
});
