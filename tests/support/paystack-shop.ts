import { createTestDatabase, type TestDatabase } from './database';
import { startPaystackStandIn, type PaystackStandIn } from './paystack-stand-in';
import { startTestServer, type TestServer } from './test-server';

/** The shop with Paystack keys, talking to a local Paystack stand-in that sends its webhooks back. */
export async function startPaystackShop(): Promise<{
  stand: PaystackStandIn;
  server: TestServer;
  database: TestDatabase;
  close(): Promise<void>;
}> {
  const stand = await startPaystackStandIn();
  const database = await createTestDatabase();
  const server = await startTestServer({
    database,
    env: {
      PAYSTACK_SECRET_KEY: stand.secretKey,
      PAYSTACK_PUBLIC_KEY: 'pk_test_standin',
      PAYSTACK_BASE_URL: stand.url,
      LOGIN_RATE_LIMIT_MAX: '200',
      PAGE_CACHE_SECONDS: '0',
    },
  });
  stand.webhookUrl = `${server.url}/api/webhooks/paystack`;
  return {
    stand,
    server,
    database,
    close: async () => {
      await server.close();
      await database.close();
      await stand.close();
    },
  };
}
