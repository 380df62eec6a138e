import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import * as schema from '#db/schema';
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
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    // Writing into a connection the server closed after answering: the answer is what matters. A
    // connection lost before any answer (a reset) is the failure this file looks for.
    request.on('error', (error) => (answered ? undefined : reject(error)));
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

/**
 * Uploads `bytes` of chunked form data over a raw socket while not reading for `deafMs` (a phone
 * busy sending, or slow to read): what arrives is whatever the server's answer was, or the error.
 */
function postWhileDeaf(path: string, bytes: number, deafMs: number): Promise<string> {
  return new Promise((resolve) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`${error.code}: ${received}`));
    socket.on('close', () => resolve(received));
    socket.pause();
    setTimeout(() => socket.resume(), deafMs);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.url}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const piece = Buffer.concat([Buffer.from('40000\r\n'), Buffer.alloc(0x40000, 'a'), Buffer.from('\r\n')]);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += 0x40000;
        if (!socket.write(piece)) return socket.once('drain', write);
      }
      socket.end('0\r\n\r\n');
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

  it('gets the answer to a client still uploading, even one that reads it late (no reset)', async () => {
    // Closing the socket with the upload still arriving sent a TCP reset, and the reset took the 413
    // with it: the phone showed "connection reset" (and CI once hung on it). Now the server lingers.
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await postWhileDeaf('/signup', 16 * MAX_BODY_BYTES, 300);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('Connection: close');
      expect(answer).toContain(BODY_TOO_LARGE_MESSAGE);
    }
  });

  it('acts on nothing a client sends after a refused body on the same connection (it is closing)', async () => {
    const url = new URL(server.url);
    const over = Buffer.alloc(MAX_BODY_BYTES + 1024, 'a');
    const form = 'email=pipelined%40example.com';
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let received = '';
      socket.on('data', (data) => (received += data.toString('latin1')));
      socket.on('error', () => resolve(received));
      socket.on('close', () => resolve(received));
      const headers = `Host: ${url.host}\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\n`;
      // The refused body in full, then a newsletter sign-up pipelined behind it.
      socket.write(`POST /signup HTTP/1.1\r\n${headers}Transfer-Encoding: chunked\r\n\r\n`);
      socket.write(
        Buffer.concat([Buffer.from(`${over.length.toString(16)}\r\n`), over, Buffer.from('\r\n0\r\n\r\n')]),
      );
      socket.end(`POST /newsletter HTTP/1.1\r\n${headers}Content-Length: ${form.length}\r\n\r\n${form}`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const subscribed = await server.database.db
      .select()
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.email, 'pipelined@example.com'));
    expect(subscribed).toEqual([]);
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
