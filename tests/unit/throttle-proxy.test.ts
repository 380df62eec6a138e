import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startThrottleProxy, type ThrottleProxy } from '../../bench/throttle-proxy';

/** The benchmarks' slow network (bench/throttle-proxy.ts) must carry a stream as TCP does: whole, in order. */
describe("the benchmarks' throttling proxy", () => {
  let target: net.Server | undefined;
  let proxy: ThrottleProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  });

  it('delivers many small writes of one tick whole and in order, and the end after them', async () => {
    // A server that answers a request with 400 small writes in one tick, then ends: a streamed page.
    const sent = Array.from({ length: 400 }, (_, n) => `${n};`).join('');
    target = net.createServer((socket) =>
      socket.once('data', () => {
        for (const piece of sent.match(/\d+;/g)!) socket.write(piece);
        socket.end();
      }),
    );
    await new Promise<void>((resolve) => target!.listen(0, '127.0.0.1', resolve));
    const targetPort = (target.address() as net.AddressInfo).port;
    proxy = await startThrottleProxy({ targetPort, latencyMs: 40, downKbps: 2000, upKbps: 500 });

    const received = await new Promise<string>((resolve, reject) => {
      const client = net.connect(proxy!.port, '127.0.0.1', () => client.write('GET'));
      let text = '';
      client.on('data', (chunk) => (text += chunk.toString()));
      client.on('end', () => resolve(text));
      client.on('error', reject);
    });
    expect(received).toBe(sent);
    expect(proxy.peekBytesDown()).toBe(sent.length);
  });
});
