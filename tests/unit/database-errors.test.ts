import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '#db/errors';

describe('which errors mean the database is away', () => {
  it('connection failures and shutdown codes, through Drizzle’s wrapping; not a wrong query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('which errors are a duplicate on a given unique index', () => {
  it('23505 on that index, through Drizzle’s wrapping; not another index or another error', () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'delivery_rates_location_method_unique',
    });
    const wrapped = Object.assign(new Error('Failed query: insert …'), { cause: duplicate });
    expect(isUniqueViolation(wrapped, 'delivery_rates_location_method_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'discount_codes_code_unique')).toBe(false);
    // PGlite names the index in the message only.
    const pglite = Object.assign(
      new Error('duplicate key value violates unique constraint "discount_codes_code_unique"'),
      { code: '23505' },
    );
    expect(isUniqueViolation(pglite, 'discount_codes_code_unique')).toBe(true);
    expect(isUniqueViolation(new Error('boom'), 'discount_codes_code_unique')).toBe(false);
  });
});
