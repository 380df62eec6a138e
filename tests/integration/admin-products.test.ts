import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECODES_AT_ONCE,
  decodeQueue,
  NOT_AN_IMAGE,
  renderImageFiles,
  TOO_MANY_PIXELS,
} from '#core/media/images';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { locationOf, type HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The admin adds, edits and deletes products, with pictures uploaded and
// re-encoded (spec §2, §5, §8).
let server: TestServer;
let client: HttpClient;
const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-media-'));
beforeAll(async () => {
  server = await startTestServer({
    env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '1', DATA_DIR: dataDir },
  });
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db;

const validForm = {
  intent: 'create',
  name: 'Giant River Prawns',
  description: 'Caught this morning in the Bonny river',
  price: '18,500.50',
  weight: '1.25',
  category: 'shellfish',
  freshness: '4',
  inStock: 'true',
  location: 'Port Harcourt',
  imageUrl: '',
};

async function upload(target: TestServer, session: HttpClient, body: Blob, name: string) {
  const form = new FormData();
  form.append('image', body, name);
  return fetch(`${target.url}/admin/products/image`, {
    method: 'POST',
    body: form,
    headers: { origin: target.url, cookie: session.cookieHeader() },
  });
}

async function png(width = 1000, height = 700): Promise<Blob> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: 'image/png' });
}

describe('the product form (spec §5)', () => {
  it('refuses a form that breaks the rules, with a message per field, and writes nothing', async () => {
    const before = (await db().select().from(schema.products)).length;
    const bad = await client.postForm('/admin/products', {
      ...validForm,
      name: ' ',
      price: '-5',
      weight: '0.001',
      category: 'sweets',
      freshness: '9',
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of [
      'Name is required',
      'Price must be a number of naira, at least 0',
      'Weight must be at least 0.01 kg',
      'Please choose a category',
      'Freshness is 1 to 5',
    ])
      expect(text).toContain(message);
    expect((await db().select().from(schema.products)).length).toBe(before);
    const heavy = await client.postForm('/admin/products', { ...validForm, weight: '2200000' });
    expect(heavy.status).toBe(400);
    expect(await heavy.text()).toContain('Weight must be at most 100,000 kg');
  });

  it('adds a product in kobo and grams, says so, and guests see it once the page cache window passes', async () => {
    const added = await client.postForm('/admin/products?q=x&edit=new', validForm);
    expect(added.status).toBe(302);
    expect(locationOf(added)).toBe('/admin/products?q=x');
    const product = await productNamed(db(), 'Giant River Prawns');
    expect(product).toMatchObject({
      priceKobo: 1_850_050,
      weightGrams: 1250,
      category: 'shellfish',
      freshness: 4,
      inStock: true,
      location: 'Port Harcourt',
      imageUrl: null,
    });
    expect(await (await client.get('/admin/products')).text()).toContain('Product added successfully');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const guestPage = await (await fetch(`${server.url}/search?q=giant+river`)).text();
    expect(guestPage).toContain('Giant River Prawns');
  });

  it('edits it; (None) clears the location; an out-of-stock product says so in the table', async () => {
    const product = await productNamed(db(), 'Giant River Prawns');
    const saved = await client.postForm('/admin/products', {
      ...validForm,
      intent: 'update',
      productId: String(product.id),
      price: '17000',
      location: '',
      inStock: 'false',
    });
    expect(saved.status).toBe(302);
    expect(await productNamed(db(), 'Giant River Prawns')).toMatchObject({
      priceKobo: 1_700_000,
      location: null,
      inStock: false,
    });
    const html = await (await client.get('/admin/products?q=giant')).text();
    expect(html).toContain('Product updated successfully');
    for (const text of [
      'Image',
      'Price/Weight',
      'Location',
      'Category',
      'Status',
      'Reviews',
      'Out of Stock',
      '₦17,000',
    ])
      expect(html).toContain(text);
  });

  it('searches name, description, location and category, case-insensitively', async () => {
    for (const q of ['GIANT', 'bonny RIVER', 'shellfish']) {
      const html = await (await client.get(`/admin/products?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain('Giant River Prawns');
    }
    const none = await (await client.get('/admin/products?q=no-such-thing-at-all')).text();
    expect(none).toContain('No products found');
  });

  it('deletes a product: past orders keep their snapshot, wishlists drop it', async () => {
    const product = await productNamed(db(), 'Giant River Prawns');
    const shopper = await createUser(server.services);
    const order = await createOrder(db(), shopper.id, [product.id]);
    await db().insert(schema.wishlists).values({ userId: shopper.id, productId: product.id });
    const deleted = await client.postForm('/admin/products', {
      intent: 'delete',
      productId: String(product.id),
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(schema.products).where(eq(schema.products.id, product.id))).toEqual([]);
    const [item] = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    expect(item).toMatchObject({ productId: null, productName: 'Giant River Prawns' });
    expect(await db().select().from(schema.wishlists).where(eq(schema.wishlists.userId, shopper.id))).toEqual(
      [],
    );
    expect(await (await client.get('/admin/products')).text()).toContain('Product deleted successfully');
    const again = await client.postForm('/admin/products', {
      intent: 'delete',
      productId: String(product.id),
    });
    expect(again.status).toBe(404);
  });
});

describe('picture uploads on local disk', () => {
  it('refuses a renamed text file by its content, and a picture over 5 MB', async () => {
    const text = new Blob(['this is not a picture at all'], { type: 'image/png' });
    const refused = await upload(server, client, text, 'photo.png');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: { title: 'Failed to upload image', message: NOT_AN_IMAGE },
    });

    const noise = await sharp(
      Buffer.from(Array.from({ length: 1600 * 1400 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 1600, height: 1400, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    const tooLarge = await upload(
      server,
      client,
      new Blob([new Uint8Array(noise)], { type: 'image/png' }),
      'big.png',
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe('This upload is too large (at most 5 MB).');
  });

  it('re-encodes a valid PNG to WebP in the storefront widths and a preview card, served for ever', async () => {
    const answer = await upload(server, client, await png(), 'catch.png');
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    expect(url).toMatch(/^\/media\/[0-9a-f]{20}-800\.webp$/);
    const base = url.replace('/media/', '').replace('-800.webp', '');
    expect(
      readdirSync(path.join(dataDir, 'media'))
        .filter((f) => f.startsWith(base))
        .sort(),
    ).toEqual([`${base}-400.webp`, `${base}-800.webp`, `${base}-inline.webp`, `${base}-og.jpg`]);
    // The copy a first visit's page carries inline (decision 054): the phone's width, in a few KB.
    const inline = readFileSync(path.join(dataDir, 'media', `${base}-inline.webp`));
    expect(await sharp(inline).metadata()).toMatchObject({ format: 'webp', width: 400 });
    expect(inline.byteLength).toBeLessThan(4096);
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('Cache-Control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });

    // A product with it gets a srcset on the storefront.
    await client.postForm('/admin/products', { ...validForm, name: 'Uploaded Picture Fish', imageUrl: url });
    const product = await productNamed(db(), 'Uploaded Picture Fish');
    const page = await (await fetch(`${server.url}/products/${product.id}`)).text();
    expect(page).toContain(`${url.replace('-800', '-400')} 400w, ${url} 800w`);
  });

  it('refuses a 16-bit picture of 20.25 megapixels by its header (it would decode to 243 MB); 8 bits of the same size pass', async () => {
    const flat = (depth: 'rgb16' | 'srgb') =>
      sharp({ create: { width: 4500, height: 4500, channels: 3, background: '#0e7490' } })
        .toColourspace(depth)
        .png({ compressionLevel: 9 })
        .toBuffer();
    const deep = await flat('rgb16');
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const refused = await upload(
      server,
      client,
      new Blob([new Uint8Array(deep)], { type: 'image/png' }),
      'deep.png',
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, error: { message: TOO_MANY_PIXELS } });
    const plain = await flat('srgb');
    const accepted = await upload(
      server,
      client,
      new Blob([new Uint8Array(plain)], { type: 'image/png' }),
      'plain.png',
    );
    expect(accepted.status).toBe(200);
  });

  it('decodes one picture at a time: eight at once wait their turn, and every one is rendered', async () => {
    const pictures = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sharp({ create: { width: 900 + i, height: 600, channels: 3, background: '#155e75' } })
          .png()
          .toBuffer(),
      ),
    );
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, decodeQueue.activeCount)), 1);
    try {
      const rendered = await Promise.all(pictures.map((picture) => renderImageFiles(picture)));
      expect(rendered.map((files) => files.length)).toEqual(Array(8).fill(4));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(DECODES_AT_ONCE);
    expect(decodeQueue.activeCount + decodeQueue.pendingCount).toBe(0);
  });

  it('refuses an upload from a shopper', async () => {
    const shopper = await createUser(server.services);
    const shopperClient = await signedInClient(server, shopper.email);
    expect((await upload(server, shopperClient, await png(), 'x.png')).status).toBe(403);
  });
});

describe('picture uploads on S3-compatible storage (a local s3rver)', () => {
  it('stores every file in the bucket and answers its public URL', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'freshcatch-s3-'));
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const s3Shop = await startTestServer({
      database: server.database,
      env: {
        S3_BUCKET: 'media',
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: `${endpoint}/media`,
        LOGIN_RATE_LIMIT_MAX: '100',
      },
    });
    try {
      const session = await signedInClient(s3Shop, ADMIN_EMAIL, ADMIN_PASSWORD);
      const answer = await upload(s3Shop, session, await png(640, 480), 'bucket.png');
      expect(answer.status).toBe(200);
      const { url } = (await answer.json()) as { url: string };
      expect(url).toMatch(new RegExp(`^${endpoint}/media/products/[0-9a-f]{20}-800\\.webp$`));
      for (const variant of [
        url,
        url.replace('-800.webp', '-400.webp'),
        url.replace('-800.webp', '-inline.webp'),
        url.replace('-800.webp', '-og.jpg'),
      ]) {
        const stored = await fetch(variant);
        expect(stored.status, variant).toBe(200);
      }
    } finally {
      await s3Shop.close();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
