/**
 * Domain errors. `core/` throws these, each with a kind that says what went wrong in the shop's terms;
 * one mapper at the HTTP edge (app/lib/errors.server.ts) gives each kind its status code and turns the
 * error into a response. The message is safe to show to the user.
 */
const DOMAIN_ERROR = Symbol.for('freshcatch.domain-error');

export const ERROR_KINDS = [
  /** The input breaks a rule: a field is missing or wrong. */
  'invalid',
  /** Nobody is signed in, or the credentials are wrong. */
  'unauthorized',
  /** Signed in, but not allowed to do this. */
  'forbidden',
  /** No such thing (or not this visitor's to see). */
  'not-found',
  /** There is nothing of this kind to do here (a screen that takes no form). */
  'not-supported',
  /** The thing is not in a state that allows this (already done, still in use). */
  'conflict',
  /** Too many tries: wait and try again. */
  'too-many-requests',
  /** A service we depend on is down: try again later. */
  'unavailable',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  constructor(
    message: string,
    readonly kind: ErrorKind,
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
    super(message, 'invalid', title);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = 'Please sign in to continue.', title?: string) {
    super(message, 'unauthorized', title);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "You don't have permission to do that.", title?: string) {
    super(message, 'forbidden', title);
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found.', title?: string) {
    super(message, 'not-found', title);
  }
}

export class NotSupported extends DomainError {
  constructor(message: string, title?: string) {
    super(message, 'not-supported', title);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, title?: string) {
    super(message, 'conflict', title);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message = 'Too many attempts. Please wait a minute and try again.',
    title?: string,
    /** When the client may try again: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 'too-many-requests', title);
  }
}

export class Unavailable extends DomainError {
  constructor(message = 'Please try again later', title?: string) {
    super(message, 'unavailable', title);
  }
}
