/**
 * A slow network between Chromium and the shop, as a TCP proxy: every byte each way waits for the link
 * (its bandwidth) and then for half the round trip, and a new connection costs a round trip before its
 * first byte, as WebPageTest's traffic shaping does. Unlike the DevTools protocol's throttling, which
 * applies to one page's requests, it slows and counts everything the browser sends and receives —
 * the service worker's own fetches included (decision 048) — so "bytes over the wire" is what a buyer's
 * data plan pays.
 */
import net from 'node:net';

export interface ThrottleProxy {
  port: number;
  /** Bytes from the shop to the browser since the last call (counted as they leave the link). */
  takeBytesDown(): number;
  /** The same count, without starting a new one. */
  peekBytesDown(): number;
  close(): Promise<void>;
}

/**
 * One direction of the link: segments leave in order, each once the link is free, then travel half the
 * round trip. Returns when (performance.now()) the segment arrives.
 */
function link(bitsPerSecond: number, oneWayMs: number, onBytes: (n: number) => void) {
  let freeAt = 0;
  return (segment: Buffer, deliver: (segment: Buffer) => void): number => {
    const now = performance.now();
    const start = Math.max(now, freeAt);
    freeAt = start + (segment.length * 8 * 1000) / bitsPerSecond;
    const arrives = freeAt + oneWayMs;
    setTimeout(() => {
      onBytes(segment.length);
      deliver(segment);
    }, arrives - now);
    return arrives;
  };
}

/** Cuts a chunk into TCP-sized segments, so the far end reads a page as it arrives. */
function* segments(chunk: Buffer, size = 1460): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
}

export async function startThrottleProxy(options: {
  targetPort: number;
  latencyMs: number;
  downKbps: number;
  upKbps: number;
  /** where it listens; any free port if left out */
  port?: number;
}): Promise<ThrottleProxy> {
  const oneWay = options.latencyMs / 2;
  let bytesDown = 0;
  const sockets = new Set<net.Socket>();
  // One link each way for the whole phone: its connections share the bandwidth, as on a real network.
  const down = link(options.downKbps * 1000, oneWay, (n) => (bytesDown += n));
  const up = link(options.upKbps * 1000, oneWay, () => {});

  const server = net.createServer((browser) => {
    const shop = net.connect(options.targetPort, '127.0.0.1');
    sockets.add(browser).add(shop);
    browser.setNoDelay(true);
    shop.setNoDelay(true);
    // The handshake's round trip: nothing the browser sends leaves before it.
    const openAt = performance.now() + options.latencyMs;
    let upDoneAt = openAt;
    let downDoneAt = 0;
    browser.on('data', (chunk: Buffer) => {
      const send = () => {
        for (const segment of segments(chunk)) upDoneAt = up(segment, (s) => shop.writable && shop.write(s));
      };
      const wait = openAt - performance.now();
      if (wait > 0) {
        upDoneAt = Math.max(upDoneAt, openAt + 1);
        setTimeout(send, wait);
      } else send();
    });
    shop.on('data', (chunk: Buffer) => {
      for (const segment of segments(chunk))
        downDoneAt = down(segment, (s) => browser.writable && browser.write(s));
    });
    // An end travels behind the data before it.
    const after = (at: number, then: () => void) => setTimeout(then, Math.max(0, at - performance.now()) + 1);
    browser.on('end', () => after(upDoneAt, () => shop.end()));
    shop.on('end', () => after(downDoneAt, () => browser.end()));
    browser.on('error', () => shop.destroy()).on('close', () => sockets.delete(browser));
    shop.on('error', () => browser.destroy()).on('close', () => sockets.delete(shop));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    peekBytesDown: () => bytesDown,
    takeBytesDown() {
      const taken = bytesDown;
      bytesDown = 0;
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
