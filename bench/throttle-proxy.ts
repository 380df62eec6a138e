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
 * round trip. Everything the link carries (segments, and a connection's end behind its last segment)
 * is delivered from one queue, in the order of its arrival time and, for equal times, the order it was
 * sent. A timer per segment does not keep that order: Node dates a timer from the event loop's cached
 * clock, not performance.now(), so two segments sent in one tick with arrivals a fraction of a
 * millisecond apart could fire in the wrong order, and a page arrived shuffled (issue 48: a 2G visit to
 * a product page never finished loading).
 */
function link(bitsPerSecond: number, oneWayMs: number, onBytes: (n: number) => void) {
  let freeAt = 0;
  const queue: { at: number; deliver: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const pump = () => {
    timer = null;
    while (queue.length && queue[0]!.at <= performance.now()) queue.shift()!.deliver();
    if (queue.length) timer = setTimeout(pump, Math.max(1, queue[0]!.at - performance.now()));
  };
  const enqueue = (at: number, deliver: () => void) => {
    let index = queue.length;
    while (index > 0 && queue[index - 1]!.at > at) index--;
    queue.splice(index, 0, { at, deliver });
    if (index === 0) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(pump, Math.max(0, at - performance.now()));
    }
  };
  return {
    /** Sends a segment once the link is free; returns when (performance.now()) it arrives. */
    send(segment: Buffer, deliver: (segment: Buffer) => void): number {
      const start = Math.max(performance.now(), freeAt);
      freeAt = start + (segment.length * 8 * 1000) / bitsPerSecond;
      const arrives = freeAt + oneWayMs;
      enqueue(arrives, () => {
        onBytes(segment.length);
        deliver(segment);
      });
      return arrives;
    },
    /** Runs `then` once everything sent before `at` has arrived (a connection's end behind its data). */
    after(at: number, then: () => void) {
      enqueue(Math.max(at, performance.now()), then);
    },
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
    let upDoneAt = 0;
    let downDoneAt = 0;
    // What the browser sends meanwhile waits here, in order, and leaves at once when the round trip ends.
    let waiting: Buffer[] | null = [];
    let endedEarly = false;
    // An end travels behind the data before it.
    const endUp = () => up.after(upDoneAt, () => shop.end());
    const sendUp = (chunk: Buffer) => {
      for (const segment of segments(chunk))
        upDoneAt = up.send(segment, (s) => shop.writable && shop.write(s));
    };
    setTimeout(() => {
      const chunks = waiting ?? [];
      waiting = null;
      for (const chunk of chunks) sendUp(chunk);
      if (endedEarly) endUp();
    }, options.latencyMs);
    browser.on('data', (chunk: Buffer) => {
      if (waiting) waiting.push(chunk);
      else sendUp(chunk);
    });
    shop.on('data', (chunk: Buffer) => {
      for (const segment of segments(chunk))
        downDoneAt = down.send(segment, (s) => browser.writable && browser.write(s));
    });
    browser.on('end', () => {
      if (waiting) endedEarly = true;
      else endUp();
    });
    shop.on('end', () => down.after(downDoneAt, () => browser.end()));
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
