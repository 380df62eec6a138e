import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '#db/client';
import * as schema from '#db/schema';
import { createServices } from '#server/services';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createCheckoutShopper, productNamed, signInThrough } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { MemoryMailer } from '../support/memory-mailer';
import { freePort } from '../support/processes';
import { quietLogger } from '../support/quiet-logger';
import { freshDatabase, shopEnv, startShop, type SupervisedShop } from '../support/shop';
import { testEnv } from '../support/test-env';
import { enrolTwoFactor } from '../support/two-factor';

// Two separate server processes on one PostgreSQL database behind nginx (Debian's
// package, started here with its own configuration; docs/operations.md → "Two shops behind one proxy"). nginx
// sends each request to the next shop in turn and says which in X-Upstream.
const NGINX = '/usr/sbin/nginx';
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('two shops behind one nginx, on one database (PostgreSQL)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-two-shops-'));
  let shared: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let base = '';
  let s3: S3rver;
  let s3Endpoint = '';
  let nginx: ChildProcess;
  const shops: SupervisedShop[] = [];
  let database: Database;

  async function waitForOk(target: string, what: string, ms = 120_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        if ((await fetch(target, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        // not yet
      }
      if (Date.now() > deadline)
        throw new Error(`${what} did not come up:\n${shops.map((s) => s.output().slice(-1500)).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function startOneShop(index: number) {
    const shop = await startShop({
      engine: 'postgres',
      env: shopEnv({
        DATABASE_URL: shared!.url,
        PORT: String(await freePort()),
        PUBLIC_URL: base,
        TRUST_PROXY: 'loopback',
        // Each its own disk: nothing may depend on files another process wrote.
        DATA_DIR: path.join(dir, `shop-${index}`),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        PAGE_CACHE_SECONDS: '0',
        LOGIN_RATE_LIMIT_MAX: '5',
        S3_BUCKET: 'media',
        S3_ENDPOINT: s3Endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: `${s3Endpoint}/media`,
      }),
      processes: 1,
      logs: true,
    });
    shops.push(shop);
  }

  beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(`${NGINX} is missing: install Debian's nginx package (.ci/run does).`);
    shared = await freshDatabase(databaseUrl!, `fc_two_shops_${process.pid}`);

    const s3Dir = path.join(dir, 's3');
    mkdirSync(s3Dir);
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;

    const proxyPort = await freePort();
    base = `http://127.0.0.1:${proxyPort}`;
    await startOneShop(1); // prepares the database
    await startOneShop(2);

    const conf = path.join(dir, 'nginx.conf');
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
    writeFileSync(
      conf,
      `daemon off;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 8m;
  upstream shops {
    server ${shops[0]!.url.replace('http://', '')};
    server ${shops[1]!.url.replace('http://', '')};
    keepalive 8;
  }
  server {
    listen ${base.replace('http://', '')};
    location / {
      proxy_pass http://shops;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await waitForOk(`${base}/readyz`, 'nginx');

    database = await openDatabase({ databaseUrl: shared.url, dataDir: dir });
    // The first start's administrator, with two-factor sign-in as the admin door requires.
    const [admin] = await database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    await enrolTwoFactor(services().auth, database.db, admin!.id);
  }, 240_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(shops.map((shop) => shop.stop(1_500)));
    await database?.close();
    await s3?.close();
    await shared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const upstreamOf = (response: Response) => response.headers.get('x-upstream');

  async function signedIn(email: string, password: string): Promise<HttpClient> {
    const client = new HttpClient(base);
    const response = await signInThrough(client, '/login', { email, password, redirectTo: '/' });
    expect(response.status, `signing in ${email}`).toBe(302);
    return client;
  }

  function services() {
    return createServices(testEnv({ PUBLIC_URL: base }), quietLogger, database, new MemoryMailer());
  }

  it('a shopper signs in on one shop and carries on on the other', async () => {
    const shopper = await createCheckoutShopper(services());
    const client = new HttpClient(base);
    const login = await client.postForm('/login', { email: shopper.email, password: shopper.password });
    expect(login.status).toBe(302);
    const served = [upstreamOf(login)];
    for (let i = 0; i < 3; i++) {
      const account = await client.get('/account');
      expect(account.status).toBe(200);
      expect(await account.text()).toContain(shopper.email);
      served.push(upstreamOf(account));
    }
    expect(new Set(served)).toEqual(new Set(shops.map((shop) => shop.url.replace('http://', ''))));
  });

  it('pictures uploaded through either shop are in the bucket, and both shops show them', async () => {
    const session = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const urls: string[] = [];
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), `catch-${i}.png`);
      const answer = await fetch(`${base}/admin/products/image`, {
        method: 'POST',
        body: form,
        headers: { origin: base, cookie: session.cookieHeader() },
      });
      expect(answer.status).toBe(200);
      servedBy.add(upstreamOf(answer));
      urls.push(((await answer.json()) as { url: string }).url);
    }
    expect(servedBy.size).toBe(2);
    for (const url of urls) {
      expect(url.startsWith(`${s3Endpoint}/media/`)).toBe(true);
      const stored = await fetch(url);
      expect(stored.status, url).toBe(200);
      expect(stored.headers.get('content-type')).toBe('image/webp');
    }

    const saved = await session.postForm('/admin/products', {
      intent: 'create',
      name: 'Two Shops Catfish',
      description: 'Caught this morning in the Bonny river',
      price: '18,500.50',
      weight: '1.25',
      category: 'shellfish',
      freshness: '4',
      inStock: 'true',
      location: 'Port Harcourt',
      imageUrl: '',
    });
    expect(saved.status).toBeLessThan(400);
    const product = await productNamed(database.db, 'Two Shops Catfish');
    // The stand-in bucket is read over http://, which the product form refuses for pasted addresses
    // (https:// only), so the picture is attached here as the form would attach an https one.
    await database.db.execute(sql`update products set image_url = ${urls[0]!} where id = ${product.id}`);
    for (const shop of shops) {
      const page = await (await fetch(`${shop.url}/products/${product.id}`)).text();
      expect(page, shop.url).toContain(urls[0]!);
    }
  });

  it('the login limit holds across both shops', async () => {
    // One client address (as nginx reports it) trying passwords, its tries spread over both shops.
    const statuses: number[] = [];
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 7; i++) {
      const response = await new HttpClient(base, { 'x-forwarded-for': '198.51.100.23' }).postForm('/login', {
        email: 'nobody@example.ng',
        password: 'wrong-password',
      });
      statuses.push(response.status);
      servedBy.add(upstreamOf(response));
    }
    expect(servedBy.size).toBe(2);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('the discount-guess limit holds across both shops', async () => {
    const shopper = await createCheckoutShopper(services(), 'Lagos');
    const client = await signedIn(shopper.email, shopper.password);
    const catfish = await productNamed(database.db, 'Live Catfish (Table Size)');
    const quote = async (code: string) => {
      const response = await client.postJson('/api/checkout/quote', {
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'pickup',
        deliveryLocation: 'Lagos',
        pickupLocation: 'Yaba Pickup Point, Herbert Macaulay Way',
        discountCode: code,
      });
      return {
        upstream: upstreamOf(response),
        body: (await response.json()) as { discount: { message?: string } },
      };
    };
    const servedBy = new Set<string | null>();
    for (let i = 1; i <= 20; i++) {
      const answer = await quote(`GUESS${i}`);
      servedBy.add(answer.upstream);
      expect(answer.body.discount.message).toBe('Invalid or expired discount code.');
    }
    expect(servedBy.size).toBe(2);
    const blocked = await quote('FRESH10');
    expect(blocked.body.discount.message).toBe(
      'Too many discount codes tried. Please try again in 15 minutes.',
    );
  });

  it('the every-minute expiry runs once a minute, not once per shop', async () => {
    // Both shops run the queue's clock (pg-boss looks every 30 s). A scheduled minute becomes a
    // 'send-it' job keyed to that minute, and its worker then creates the run itself; on a busy machine
    // that can happen in the next minute, so the runs are counted by the minute they were for.
    const perScheduledMinute = () =>
      queryRows<{ minute: string; scheduled: number }>(
        database.db,
        sql`select singleton_on::text as minute, count(*)::int as scheduled from pgboss.job
            where name = '__pgboss__send-it' and data->>'name' = 'expire-orders' group by 1 order by 1`,
      );
    const expiryRuns = async () => {
      const [row] = await queryRows<{ runs: number }>(
        database.db,
        sql`select count(*)::int as runs from pgboss.job where name = 'expire-orders'`,
      );
      return row!.runs;
    };
    const deadline = Date.now() + 100_000;
    while ((await expiryRuns()) === 0) {
      if (Date.now() > deadline) throw new Error('no scheduled expiry ran within 100 s');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    // Past both shops' next look at the clock.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    const minutes = await perScheduledMinute();
    expect(minutes.length).toBeGreaterThan(0);
    for (const minute of minutes) expect(minute.scheduled, minute.minute).toBe(1);
    // One run per scheduled minute at most (the last minute's may still be on its way), never one per shop.
    const runs = await expiryRuns();
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(minutes.length);
  }, 180_000);
});
