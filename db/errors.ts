/**
 * Errors that mean the database cannot be reached just now (restarting, refusing connections, a
 * connection cut mid-query), as opposed to a query that is wrong. The shop answers these with 503
 * and Retry-After: the request may well succeed in a few seconds, and nothing is the visitor's fault.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|cannot use a pool after calling end|server closed the connection|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; follow the chain a few steps.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Whether `error` is PostgreSQL refusing a duplicate (SQLSTATE 23505) on the unique index or
 * constraint `name`. Drizzle wraps the driver's error as `cause`; the chain is followed a few steps.
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, constraint, message, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === '23505' && (constraint === name || (typeof message === 'string' && message.includes(name))))
      return true;
    current = cause;
  }
  return false;
}
