import * as z from 'zod/mini';

/** Row ids are PostgreSQL `serial`s: positive 32-bit integers. */
export const MAX_ROW_ID = 2 ** 31 - 1;

/** Whether a number can be a row id; anything else (NaN from a bad form, 1e10) names no row. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

/** A row id read from a form field or the address: "12" or 12; anything else fails the schema. */
export const rowId = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID));

/**
 * A row id as a form sent it, not judged here: whatever it is becomes a number (NaN for junk), and the
 * core function looking it up answers one that names no row with NotFound (404), as it does an id
 * that no longer exists.
 */
export const rowIdAsSent = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => Number(value ?? Number.NaN)),
);

/** A row id from a URL segment ("12"), or null for anything that cannot name a row ("1e3", "0", "abc"). */
export function parseRowId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isRowId(id) ? id : null;
}

/** An order's id is a uuid (as PostgreSQL writes it); anything else names no order. */
const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether text can be an order's id. Asking PostgreSQL for a uuid column with anything else is an
 * error, not "no such row", so callers answer NotFound before querying.
 */
export function isOrderId(text: string): boolean {
  return ORDER_ID_PATTERN.test(text);
}
