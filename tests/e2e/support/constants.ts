import path from 'node:path';

/** The e2e server's port; E2E_PORT moves it (two suites on one machine, each on its own). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The e2e server's own data directory (PGlite files and the mail outbox); wiped at each run. */
export const E2E_DATA_DIR = path.resolve(E2E_PORT === 3210 ? '.e2e-data' : `.e2e-data-${E2E_PORT}`);
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'outbox');
export const E2E_ADMIN = { email: 'admin.e2e@freshcatch.ng', password: 'e2e-admin-password' };
export const E2E_PASSWORD = 'e2e-shopper-pass-1';
/** A shopper the e2e server creates at start with a paid, delivered order containing BUYER_PRODUCT. */
export const E2E_BUYER = {
  email: 'buyer.e2e@freshcatch.ng',
  password: 'e2e-buyer-password',
  name: 'Ebere Buyer',
};
export const E2E_BUYER_PRODUCT = 'Smoked Catfish';

/** A free-delivery code the e2e server creates at start, with a minimum subtotal of ₦1,000,000. */
export const E2E_FREE_DELIVERY_MINIMUM = { code: 'FREEOVERAMILLION', minimumKobo: 100_000_000 };
