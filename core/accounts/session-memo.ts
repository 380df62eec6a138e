/**
 * Who a signed session cookie belongs to, remembered for a few seconds per exact cookie value. Reading
 * Better Auth's signed cookie cache through its API costs ~0.7 ms of CPU per request (an HMAC check
 * in WebCrypto, the endpoint machinery, a deep copy of the answer), and a shopper sends the same
 * cookies with every request for minutes (docs/decisions/028).
 *
 * It widens nothing: the answer for the same cookie bytes is what Better Auth itself answers until its
 * cache expires (SESSION_CACHE_SECONDS), and an entry lives at most `ttlMs` past the moment Better
 * Auth gave it. Only answers that set no cookie are kept (a renewed or refreshed session sends new
 * cookies, so the next request has another key); a different or missing cookie misses.
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
