/**
 * Who a signed session cookie belongs to, remembered for a few seconds per exact cookie value. Reading
 * Better Auth's signed cookie cache through its API costs ~0.7 ms of CPU per request (an HMAC check
 * in WebCrypto, the endpoint machinery, a deep copy of the answer), and a shopper sends the same
 * cookies with every request for minutes (docs/decisions/028).
 *
 * The answer for the same cookie bytes is what Better Auth itself answers from its signed cookie cache
 * until the cache expires (SESSION_CACHE_SECONDS, 5 minutes): a session revoked meanwhile is accepted
 * from that cookie anyway. The memo lengthens that by at most `ttlMs` (an entry lives that long from
 * when Better Auth gave it, even if the cache expires sooner). Only answers that set no cookie and came
 * from the cookie cache are kept (app/lib/auth.server.ts); a different or missing cookie misses.
 */
export class SessionMemo<T> {
  private readonly entries = new Map<string, { answer: T; until: number }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  get(key: string): T | undefined {
    if (!key) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  set(key: string, answer: T): void {
    if (!key) return;
    // Full: the oldest entry goes (a Map keeps insertion order).
    if (this.entries.size >= this.options.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { answer, until: this.now() + this.options.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
