import { stringify } from 'csv-stringify/sync';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client';
import {
  account,
  farmCycles,
  farmEntries,
  farmFeedStock,
  farms,
  messageConsents,
  messages,
  newsletterSubscribers,
  notifications,
  orderClaims,
  orderItems,
  orderRefunds,
  orders,
  ponds,
  products,
  reviews,
  sellerOffers,
  sellerPayouts,
  sellers,
  user,
  wishlists,
} from '../../db/schema';
import { neutraliseFormula } from '../csv';
import { NotFound } from '../errors';
import { sellerStatement, statementCsv } from '../sellers/statement';

/*
 * "Download my data" (issue 52 §5, docs/accounts.md): everything the shop keeps about one person, theirs
 * to take — the Nigeria Data Protection Act 2023's access and portability. One JSON file with all of it,
 * and a CSV of each list for a spreadsheet. Only the person's own rows: their orders (and those orders'
 * lines, refunds, claims), their reviews, wishlist, notifications, consents, the messages sent to them,
 * the farms they own with their books, and their seller record with its statement. Never another
 * person's (a farm's workers are the workers' own) and never a secret (password hashes, two-factor keys,
 * session tokens, payment links).
 */

type Row = Record<string, unknown>;

export interface DataFile {
  name: string;
  content: string;
}

/** The README of the ZIP: what each file (or family of files) holds, one line each, in the ZIP's order. */
function readme(holds: [name: string, says: string][]): string {
  const width = Math.max(...holds.map(([name]) => name.length)) + 2;
  return `FreshCatch: your data

my-data.json holds everything below in one file. Each CSV holds one list, for a spreadsheet.
Money is in kobo (100 kobo = 1 naira) unless a column says NGN; times are UTC.

${holds.map(([name, says]) => `${name.padEnd(width)}${says}`).join('\n')}

Account Settings in the shop has "Download my data" and "Delete my account".
`;
}

/** Fields that are the shop's machinery or a secret, not the person's data. */
const INTERNAL: Record<string, readonly string[]> = {
  orders: [
    'recipientSearch',
    'idempotencyKey',
    'idempotencyFingerprint',
    'paymentAccessCode',
    'paymentAuthorizationUrl',
    'discountUseHeld',
    'holds',
  ],
  messages: ['dedupeKey', 'params'],
};

function without(table: string, rows: Row[]): Row[] {
  const drop = INTERNAL[table] ?? [];
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !drop.includes(key))));
}

/** A list as CSV: its fields' names, then one line a row; dates ISO, objects as JSON, formulas as text. */
export function rowsCsv(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown): string | number => {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'number') return value;
    if (typeof value === 'object') return JSON.stringify(value);
    return neutraliseFormula(String(value));
  };
  return `\uFEFF${stringify([columns, ...rows.map((row) => columns.map((c) => cell(row[c])))])}`;
}

/** Everything the shop keeps about `userId`, as the files of the download. */
export async function personalDataFiles(db: Db, userId: string, now = new Date()): Promise<DataFile[]> {
  const [person] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: user.phone,
      address: user.address,
      location: user.location,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) throw new NotFound('This account no longer exists.');

  const signIn = await db
    .select({ method: account.providerId, since: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  const theirOrders = without('orders', await db.select().from(orders).where(eq(orders.userId, userId)));
  const orderIds = theirOrders.map((o) => o.id as string);
  const ofOrders = <T>(query: (ids: string[]) => Promise<T[]>) =>
    orderIds.length ? query(orderIds) : Promise.resolve([] as T[]);
  const [items, refunds, claims] = await Promise.all([
    ofOrders((ids) => db.select().from(orderItems).where(inArray(orderItems.orderId, ids))),
    ofOrders((ids) => db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids))),
    ofOrders((ids) => db.select().from(orderClaims).where(inArray(orderClaims.orderId, ids))),
  ]);
  const ownFarms = await db.select().from(farms).where(eq(farms.ownerId, userId));
  const farmIds = ownFarms.map((f) => f.id);

  const [theirReviews, wishlist, theirNotifications, consents, newsletter] = await Promise.all([
    db
      .select({
        product: products.name,
        rating: reviews.rating,
        review: reviews.reviewText,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId)),
    db
      .select({ product: products.name, addedAt: wishlists.createdAt })
      .from(wishlists)
      .innerJoin(products, eq(products.id, wishlists.productId))
      .where(eq(wishlists.userId, userId)),
    db.select().from(notifications).where(eq(notifications.userId, userId)),
    db.select().from(messageConsents).where(eq(messageConsents.userId, userId)),
    db
      .select({ email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${person.email})`),
  ]);
  const sentToThem = without(
    'messages',
    await db
      .select()
      .from(messages)
      .where(
        or(
          eq(messages.userId, userId),
          orderIds.length ? inArray(messages.orderId, orderIds) : undefined,
          farmIds.length ? inArray(messages.farmId, farmIds) : undefined,
        ),
      ),
  );

  const addresses = [
    ...(person.address
      ? [
          {
            from: 'profile',
            name: person.name,
            phone: person.phone,
            address: person.address,
            town: person.location,
          },
        ]
      : []),
    ...theirOrders.map((o) => ({
      from: `order ${String(o.id)}`,
      name: o.shippingName,
      phone: o.shippingPhone,
      address: o.shippingAddress,
      town: o.deliveryLocation,
    })),
  ];

  const farmBooks = await Promise.all(
    ownFarms.map(async (farm) => {
      const [farmPonds, cycles, entries, feedStock] = await Promise.all([
        db.select().from(ponds).where(eq(ponds.farmId, farm.id)),
        db.select().from(farmCycles).where(eq(farmCycles.farmId, farm.id)),
        db.select().from(farmEntries).where(eq(farmEntries.farmId, farm.id)),
        db.select().from(farmFeedStock).where(eq(farmFeedStock.farmId, farm.id)),
      ]);
      return { farm, ponds: farmPonds, cycles, entries, feedStock };
    }),
  );

  const [seller] = await db.select().from(sellers).where(eq(sellers.userId, userId));
  const sellerPart = seller
    ? await Promise.all([
        db.select().from(sellerOffers).where(eq(sellerOffers.sellerId, seller.id)),
        db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.id)),
        sellerStatement(db, seller.id, { now, limit: Number.MAX_SAFE_INTEGER }),
      ]).then(([offers, payouts, statement]) => ({ seller, offers, payouts, statement }))
    : null;

  const everything = {
    exportedAt: now.toISOString(),
    profile: person,
    signIn,
    addresses,
    orders: theirOrders,
    orderItems: items,
    refunds,
    claims,
    reviews: theirReviews,
    wishlist,
    notifications: theirNotifications,
    consents,
    newsletter,
    messages: sentToThem,
    farms: farmBooks,
    seller: sellerPart,
  };

  const files: (DataFile & { says: string })[] = [
    {
      name: 'profile.csv',
      says: 'your account: name, e-mail, phone, address, town, when you joined',
      content: rowsCsv([person]),
    },
    {
      name: 'sign-in.csv',
      says: 'how you sign in (password, Google, Facebook), never the password itself',
      content: rowsCsv(signIn),
    },
    {
      name: 'addresses.csv',
      says: 'the addresses in your profile and on your orders',
      content: rowsCsv(addresses),
    },
    {
      name: 'orders.csv',
      says: 'your orders: status, payment, amounts, delivery',
      content: rowsCsv(theirOrders),
    },
    { name: 'order-items.csv', says: 'what each order held', content: rowsCsv(items) },
    { name: 'refunds.csv', says: 'money given back on your orders', content: rowsCsv(refunds) },
    { name: 'claims.csv', says: 'freshness claims you made', content: rowsCsv(claims) },
    { name: 'reviews.csv', says: 'your product reviews', content: rowsCsv(theirReviews) },
    { name: 'wishlist.csv', says: 'products on your wishlist', content: rowsCsv(wishlist) },
    {
      name: 'notifications.csv',
      says: 'the notifications in your account',
      content: rowsCsv(theirNotifications),
    },
    {
      name: 'consents.csv',
      says: 'what you agreed to be messaged about, on which channel',
      content: rowsCsv(consents),
    },
    {
      name: 'messages.csv',
      says: 'WhatsApp and SMS messages the shop sent you',
      content: rowsCsv(sentToThem),
    },
  ];
  const families: [string, string][] = [
    ['farm-*.csv', "the farm book of each farm you own: ponds, cycles, the day's entries, feed store"],
    ['seller-*.csv', 'your seller record, your offers, payouts and your statement'],
  ];
  const farmFiles = farmBooks.flatMap((book) => {
    const prefix = `farm-${book.farm.id}`;
    return [
      { name: `${prefix}.csv`, content: rowsCsv([book.farm]) },
      { name: `${prefix}-ponds.csv`, content: rowsCsv(book.ponds) },
      { name: `${prefix}-cycles.csv`, content: rowsCsv(book.cycles) },
      { name: `${prefix}-entries.csv`, content: rowsCsv(book.entries) },
      { name: `${prefix}-feed-store.csv`, content: rowsCsv(book.feedStock) },
    ];
  });
  const sellerFiles = sellerPart
    ? [
        { name: 'seller.csv', content: rowsCsv([sellerPart.seller]) },
        { name: 'seller-offers.csv', content: rowsCsv(sellerPart.offers) },
        { name: 'seller-payouts.csv', content: rowsCsv(sellerPart.payouts) },
        { name: 'seller-statement.csv', content: statementCsv(sellerPart.statement) },
      ]
    : [];
  return [
    {
      name: 'README.txt',
      content: readme([...files.map((file): [string, string] => [file.name, file.says]), ...families]),
    },
    { name: 'my-data.json', content: JSON.stringify(everything, null, 2) },
    ...files.map(({ name, content }) => ({ name, content })),
    ...farmFiles,
    ...sellerFiles,
  ];
}

/** The files as one ZIP (deflated), each dated `now`. */
export function zipOf(files: DataFile[], now = new Date()): Uint8Array {
  return zipSync(
    Object.fromEntries(files.map((file) => [file.name, [strToU8(file.content), { mtime: now }]])),
    { level: 6 },
  );
}

/** The download's file name: freshcatch-my-data-2026-12-07.zip. */
export function myDataFileName(now = new Date()): string {
  return `freshcatch-my-data-${now.toISOString().slice(0, 10)}.zip`;
}
