/**
 * The shop as the e2e suite sees it: the production build on a fresh embedded database, or on a
 * fresh database of the PostgreSQL server named by DATABASE_URL.
 */
import { rmSync } from 'node:fs';
import { createPasswordAccount } from '#core/accounts/auth';
import { createOrder, productNamed } from '../../support/factories';
import { freshDatabase, shopEnv, startShop } from '../../support/shop';
import * as schema from '#db/schema';
import { eq } from 'drizzle-orm';
import { enrolTwoFactor } from '../../support/two-factor';
import {
  E2E_ADMIN,
  E2E_BUYER,
  E2E_BUYER_PRODUCT,
  E2E_DATA_DIR,
  E2E_FREE_DELIVERY_MINIMUM,
  E2E_PORT,
} from './constants';
import { payoutsClockAheadMs } from './serve-clock';
import { listenForControl } from './serve-control';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const database = process.env.DATABASE_URL
  ? await freshDatabase(process.env.DATABASE_URL, `fc_e2e_${process.pid}`)
  : undefined;

const running = await startShop({
  engine: database ? 'postgres' : 'pglite',
  env: shopEnv({
    PORT: String(E2E_PORT),
    PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: database?.url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOGIN_RATE_LIMIT_MAX: '200',
    // The suite signs up more shoppers a minute than one person could.
    SIGNUP_RATE_LIMIT_MAX: '200',
    LOG_LEVEL: 'warn',
  }),
});

// The payouts' clock runs as far ahead as a journey moved it (serve-clock.ts): the claim window closes.
running.services.payouts.now = () => new Date(Date.now() + payoutsClockAheadMs());

// A journey's asks of the database it cannot reach itself (serve-control.ts: a session made older).
const control = await listenForControl(running.services.db);

// The administrator has two-factor sign-in, as the admin door requires: the fixture authenticator's
// (signInAsAdmin computes its code; the set-up through the pages is two-factor.spec.ts's).
{
  const { auth, db } = running.services;
  const [admin] = await db.select().from(schema.user).where(eq(schema.user.email, E2E_ADMIN.email));
  await enrolTwoFactor(auth, db, admin!.id);
}

// Fixture: a shopper who has bought one product (checkout itself is exercised by its own suite).
{
  const { auth, db } = running.services;
  const user = await createPasswordAccount(auth, {
    email: E2E_BUYER.email,
    password: E2E_BUYER.password,
    name: E2E_BUYER.name,
  });
  await createOrder(db, user.id, [(await productNamed(db, E2E_BUYER_PRODUCT)).id]);
  // A free-delivery code with a minimum subtotal no e2e cart reaches (spec §5: Pay waits for it).
  await db.insert(schema.discountCodes).values({
    code: E2E_FREE_DELIVERY_MINIMUM.code,
    type: 'free_delivery',
    minOrderAmountKobo: E2E_FREE_DELIVERY_MINIMUM.minimumKobo,
  });
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    control.close();
    void running
      .stop()
      .then(() => database?.drop())
      .finally(() => process.exit(0));
  });
}
