/**
 * A payout run in a process of its own, for payouts.test.ts to kill with SIGKILL mid-run and to finish
 * in a fresh process after it (issue 51 §5). It opens the database as the shop does (db/client.ts
 * openDatabase: PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR/pglite, under its
 * one-owner lock), runs the payouts against the Paystack stand-in with the test's clock, and says "done"
 * if it ever finishes.
 *
 * With FINISH set it is the restart: it first says which payouts of the sellers in SELLER_IDS (comma
 * separated) it found on opening the database ("found <json>"), then runs and sends what is due, says
 * "done" and closes the database (the embedded one then stands closed for the test to read).
 */
import { inArray } from 'drizzle-orm';
import { PaystackProvider } from '#core/payments/paystack';
import { runPayouts, sendDuePayouts, type PayoutDeps } from '#core/sellers/payouts';
import { openDatabase } from '#db/client';
import { sellerPayouts } from '#db/schema';
import { quietJobs } from './quiet-jobs';

const { DATABASE_URL, DATA_DIR, STAND_URL, STAND_KEY, NOW_MS, FINISH, SELLER_IDS } = process.env;
if (!DATABASE_URL && !DATA_DIR) throw new Error('payout-run-child: DATABASE_URL or DATA_DIR, please');
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR ?? '' });
const deps: PayoutDeps = {
  db: database.db,
  transfers: new PaystackProvider({
    secretKey: STAND_KEY!,
    publicKey: 'pk_test_standin',
    baseUrl: STAND_URL!,
  }),
  jobs: quietJobs,
  now: () => new Date(Number(NOW_MS)),
  publicUrl: 'http://127.0.0.1',
  concurrency: 2,
};
if (FINISH) {
  const ids = (SELLER_IDS ?? '').split(',').map(Number);
  const found = await database.db
    .select({
      sellerId: sellerPayouts.sellerId,
      status: sellerPayouts.status,
      reference: sellerPayouts.reference,
    })
    .from(sellerPayouts)
    .where(inArray(sellerPayouts.sellerId, ids));
  console.log(`found ${JSON.stringify(found)}`);
}
await runPayouts(deps);
if (FINISH) await sendDuePayouts(deps);
console.log('done');
await database.close();
