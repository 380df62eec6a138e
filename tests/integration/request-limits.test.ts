import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PRODUCT_IMAGE_UPLOAD_PATH, UPLOAD_FORM_OVERHEAD_BYTES } from '#core/media/images';
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from '#server/request-body';
import { createUser, signedInClient } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { routeTablePaths } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const paths = [
  ...new Set([
    ...routeTablePaths(),
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/request-password-reset',
  ]),
];

/**
 * Posts `bytes` of form data and reads the answer; with `chunked` there is no Content-Length, so the
 * server can only find out by counting. The server may close the connection before all is sent.
 */
function postLarge(
  path: string,
  bytes: number,
  chunked: boolean,
  cookie?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: server.url,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(chunked ? {} : { 'Content-Length': String(bytes) }),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    // Writing into a connection the server closed after answering: the answer is what matters.
    request.on('error', (error) => (request.listenerCount('response') ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

describe('request bodies are bounded before they are read', () => {
  it('covers every route of the route table', () => {
    expect(paths).toEqual(expect.arrayContaining(['/signup', '/newsletter', '/checkout', '/admin/orders']));
    expect(paths).toContain('/api/webhooks/paystack');
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths)('POST %s over 1 MB is a 413, declared or chunked', async (path) => {
    const declared = await postLarge(path, MAX_BODY_BYTES + 1, false);
    expect(declared).toEqual({ status: 413, body: BODY_TOO_LARGE_MESSAGE });
    const chunked = await postLarge(path, 3 * MAX_BODY_BYTES, true);
    expect(chunked).toEqual({ status: 413, body: BODY_TOO_LARGE_MESSAGE });
  });

  it('gives the picture upload its 5 MB allowance only to an admin the database confirms, and no more', async () => {
    const allowance = MAX_UPLOAD_BYTES + UPLOAD_FORM_OVERHEAD_BYTES;
    // Found by an outside probe: any cookie named like a session token got the allowance, and was refused
    // only after its 2 MB had been read. Now a forged cookie, and a shopper's real one, are refused before.
    const shopper = await createUser(server.services);
    const shopperCookie = (await signedInClient(server, shopper.email)).cookieHeader();
    for (const cookie of ['better-auth.session_token=anything', shopperCookie]) {
      expect(await postLarge(PRODUCT_IMAGE_UPLOAD_PATH, 2 * MAX_BODY_BYTES, false, cookie)).toEqual({
        status: 413,
        body: BODY_TOO_LARGE_MESSAGE,
      });
    }
    const admin = await createUser(server.services, { role: 'admin' });
    const adminCookie = (await signedInClient(server, admin.email)).cookieHeader();
    const over = await postLarge(PRODUCT_IMAGE_UPLOAD_PATH, allowance + 1, true, adminCookie);
    expect(over).toEqual({ status: 413, body: 'This upload is too large (at most 5 MB).' });
    // Within the allowance an admin's body is read, and the route looks at what it holds.
    const within = await postLarge(PRODUCT_IMAGE_UPLOAD_PATH, 2 * MAX_BODY_BYTES, false, adminCookie);
    expect(within.status).toBe(400);
    expect(within.body).toContain('Please choose a picture to upload.');
  });

  it('survives large bodies sent at once, and keeps serving forms of ordinary size', async () => {
    const attacks = Array.from({ length: 5 }, () => postLarge('/signup', 20 * MAX_BODY_BYTES, true));
    for (const answer of await Promise.all(attacks)) expect(answer.status).toBe(413);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const client = new HttpClient(server.url);
    const subscribed = await client.postForm('/newsletter', { email: 'limits@example.com' });
    expect(subscribed.status).toBeLessThan(400);
    // A form of exactly the limit is still read (and refused for its content, not its size).
    const atLimit = await postLarge('/newsletter', MAX_BODY_BYTES, false);
    expect(atLimit.status).not.toBe(413);
  });
});
