/** Row ids are PostgreSQL `serial`s: positive 32-bit integers. */
export const MAX_ROW_ID = 2 ** 31 - 1;

/** Whether a number can be a row id; anything else (NaN from a bad form, 1e10) names no row. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}
