import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './constants';

/**
 * The e2e server's payouts clock. A seller's money is payable once its order's claim window has closed
 * (6 hours after delivery for fresh fish); a journey cannot wait that long, so it moves the clock the
 * payout run and the owner's payouts page read (services.payouts.now, set in serve.ts) that far ahead.
 * Only that clock moves: no row is rewritten, the ledger's times stay as the shop wrote them.
 */
const CLOCK_FILE = path.join(E2E_DATA_DIR, 'payouts-clock-ahead-ms');

/** How far ahead of the time now the payouts' clock runs (0 unless a journey moved it). */
export function payoutsClockAheadMs(): number {
  return existsSync(CLOCK_FILE) ? Number(readFileSync(CLOCK_FILE, 'utf8')) || 0 : 0;
}

/** Moves the payouts' clock `ms` ahead of the time now (0: back to now). */
export function payoutsClockAhead(ms: number): void {
  writeFileSync(CLOCK_FILE, String(ms));
}
