/**
 * A payout run in a process of its own, for payouts.test.ts to kill with SIGKILL mid-run (issue 51 §5):
 * it opens the test's PostgreSQL database, runs the payouts against the Paystack stand-in with the
 * test's clock, and says "done" if it ever finishes.
 */
import { PaystackProvider } from '#core/payments/paystack';
import { runPayouts } from '#core/sellers/payouts';
import { openPostgres } from '#db/client';
import { quietJobs } from './quiet-jobs';

const { DATABASE_URL, STAND_URL, STAND_KEY, NOW_MS } = process.env;
const database = await openPostgres(DATABASE_URL!, 4);
await runPayouts({
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
});
console.log('done');
await database.close();
