/**
 * A cookie-keeping HTTP client that behaves like a browser without JavaScript: it posts forms with
 * our Origin and does not follow redirects, so tests see each status and Location.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(name));
  }

  /** Drops a cookie, as the browser does when its max-age runs out. */
  forget(name: string): void {
    this.cookies.delete(name);
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired =
        value === '' ||
        attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      redirect: 'manual',
      headers: { cookie: this.cookieHeader(), ...this.extraHeaders, ...headers },
    });
    this.remember(response);
    return response;
  }

  async postForm(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(this.baseUrl).origin,
        cookie: this.cookieHeader(),
        ...this.extraHeaders,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    this.remember(response);
    return response;
  }

  async postJson(path: string, body: unknown): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        origin: new URL(this.baseUrl).origin,
        cookie: this.cookieHeader(),
        ...this.extraHeaders,
      },
      body: JSON.stringify(body),
    });
    this.remember(response);
    return response;
  }

  /** Follows one redirect hop at a time until a non-redirect answer (max 5). */
  async follow(response: Response): Promise<Response> {
    let current = response;
    for (let i = 0; i < 5 && current.status >= 300 && current.status < 400; i++) {
      const location = current.headers.get('location');
      if (!location) break;
      current = await this.get(location);
    }
    return current;
  }
}

export function locationOf(response: Response): string | null {
  return response.headers.get('location');
}
