/**
 * Domain errors. `core/` throws these; one mapper at the HTTP edge (app/lib/errors.server.ts) turns
 * them into responses. The message is safe to show to the user.
 */
const DOMAIN_ERROR = Symbol.for('freshcatch.domain-error');

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    readonly title?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /**
   * By brand, not instanceof: the server and React Router's build each bundle their own copy of
   * core/, so an error made by one is not an instance of the other's class.
   */
  static is(error: unknown): error is DomainError {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[DOMAIN_ERROR] === true
    );
  }
}

export class Invalid extends DomainError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    title?: string,
  ) {
    super(message, 400, title);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Please sign in to continue.', title?: string) {
    super(message, 401, title);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "You don't have permission to do that.", title?: string) {
    super(message, 403, title);
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found.', title?: string) {
    super(message, 404, title);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, title?: string) {
    super(message, 409, title);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message = 'Too many attempts. Please wait a minute and try again.',
    title?: string,
    /** When the client may try again: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429, title);
  }
}
