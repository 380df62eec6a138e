import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from '#server/in-flight';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_TEXT } from '#server/unavailable';

// A server process that dies of an error answers what it holds instead of leaving the
// client waiting (until the client gives up, 300 s in an outside probe).
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server that answers nothing by itself (a request still at work), or only its first bytes. */
async function stuckServer(mode: 'nothing' | 'begun') {
  const server = createServer((_req, res) => {
    if (mode === 'begun') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('the first part of a long page');
    }
  });
  servers.push(server);
  const abandon = trackRequestsInFlight(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, abandon };
}

function ask(port: number): Promise<{ response: IncomingMessage; body: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/checkout', agent: false }, (response) => {
      const body = new Promise<string>((done, fail) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => done(text));
        response.on('error', fail);
        response.on('aborted', () => fail(new Error('aborted')));
      });
      body.catch(() => {});
      resolve({ response, body });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a server process about to die', () => {
  it('answers a request it holds with 503, Retry-After and words for the visitor', async () => {
    const { port, abandon } = await stuckServer('nothing');
    const asked = ask(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    abandon();
    const { response, body } = await asked;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(await body).toBe(UNAVAILABLE_TEXT);
  });

  it('cuts off an answer already begun, so the client knows at once it is incomplete', async () => {
    const { port, abandon } = await stuckServer('begun');
    const { response, body } = await ask(port);
    expect(response.statusCode).toBe(200);
    abandon();
    await expect(body).rejects.toThrow();
  });

  it('takes no new connection once it gives up, so that a live process gets it', async () => {
    const server = createServer((_req, res) => res.end('done'));
    servers.push(server);
    const abandon = trackRequestsInFlight(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await (await ask(port)).body).toBe('done');
    abandon();
    await expect(ask(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
