import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Login is limited per client address: 5 tries a minute by default. */
async function failedLogins(
  server: TestServer,
  headersFor: (i: number) => Record<string, string>,
  times: number,
) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const response = await new HttpClient(server.url, headersFor(i)).postForm('/login', {
      email: 'nobody@example.ng',
      password: 'wrong-password',
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('login rate limit without a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses the sixth try in a minute, and a forged X-Forwarded-For does not get round it', async () => {
    const statuses = await failedLogins(server, (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }), 7);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('says so in words', async () => {
    const response = await new HttpClient(server.url).postForm('/login', {
      email: 'nobody@example.ng',
      password: 'x',
    });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain('Too many login attempts');
  });
});

describe('login rate limit behind a configured proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.close());

  it('counts each client address the proxy reports separately', async () => {
    const oneClient = await failedLogins(server, () => ({ 'x-forwarded-for': '198.51.100.7' }), 6);
    expect(oneClient.at(-1)).toBe(429);
    const others = await failedLogins(server, (i) => ({ 'x-forwarded-for': `198.51.100.${20 + i}` }), 3);
    expect(others).toEqual([401, 401, 401]);
  });
});

describe('sign-up rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGNUP_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => server.close());

  it('allows SIGNUP_RATE_LIMIT_MAX sign-ups a minute from one address, then says to wait', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const response = await new HttpClient(server.url).postForm('/signup', {
        fullName: 'Rate Limited',
        email: `signup-limit-${i}@example.ng`,
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
        terms: 'on',
      });
      statuses.push(response.status);
      if (i === 4)
        expect(await response.text()).toContain(
          'Too many sign-up attempts. Please wait a minute and try again.',
        );
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
  });
});
