/**
 * The shop as the e2e suite sees it: the production build on a fresh embedded database, or on a
 * fresh database of the PostgreSQL server named by DATABASE_URL.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { createPasswordAccount } from '#core/accounts/auth';
import { loadEnv } from '#server/env';
import { startServer } from '#server/start';
import { createOrder, productNamed } from '../../support/factories';
import * as schema from '#db/schema';
import {
  E2E_ADMIN,
  E2E_BUYER,
  E2E_BUYER_PRODUCT,
  E2E_DATA_DIR,
  E2E_FREE_DELIVERY_MINIMUM,
  E2E_PORT,
} from './constants';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });

let databaseUrl = process.env.DATABASE_URL;
let dropDatabase = async () => {};
if (databaseUrl) {
  const name = `fc_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

const env = loadEnv({
  NODE_ENV: 'production',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${E2E_PORT}`,
  DATA_DIR: E2E_DATA_DIR,
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOGIN_RATE_LIMIT_MAX: '200',
  // The suite signs up more shoppers a minute than one person could.
  SIGNUP_RATE_LIMIT_MAX: '200',
  LOG_LEVEL: 'warn',
});
const running = await startServer(env, 'production');

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
    void running
      .stop()
      .then(dropDatabase)
      .finally(() => process.exit(0));
  });
}
