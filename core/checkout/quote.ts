import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { discountCodes, products } from '../../db/schema';
import type { NewOrderItem } from '../orders/placing';
import { loadRates } from '../delivery/management';
import { locationSuggestions } from '../delivery/methods';
import { matchPlace } from '../delivery/places';
import { MAX_LINE_QUANTITY } from '../cart/rules';
import { CODE_GUESSES, settleCodeGuess, takeCodeGuess, type CodeGuesser } from '../discounts/guessing';
import {
  checkDiscount,
  DISCOUNT_MESSAGES,
  normalizeDiscountCode,
  type DiscountCheck,
} from '../discounts/rules';
import { unitPriceKobo } from '../catalog/price-tiers';
import { Conflict, Invalid } from '../errors';
import {
  CHOSEN_BATCH_GONE,
  countedStock,
  NOT_ENOUGH_STOCK_TITLE,
  notEnoughStock,
  stockFor,
} from '../stock/rules';
import { farmSourcesOf } from '../sellers/sources';
import { NO_HOLDS, sourcesForBuyer, type OwnHolds } from './waiting';
import { priceOrder, type OrderPrice } from './pricing';
import type { PlaceOrderInput } from './schemas';
import { type CheckoutDeps } from './deps';

/** Pricing a cart from the database: the quote the checkout page shows and the order that is placed. */

/** The products with these ids (an array parameter, so one statement serves any cart). */
const productsWithIds = preparedPerDb((db) =>
  db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::integer[])`),
);

async function loadDiscountCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeDiscountCode(code)));
  return row;
}

/**
 * Current products for the cart's lines; a missing or sold-out product stops the order. A line that
 * names a farm's batch (issue 51 §3) is priced at that offer and must fit what the batch has free; one
 * that does not is the shop's own goods, at the product's price, and must fit what the shop's own
 * batches have free. `ownHeld` is stock the buyer's own waiting orders hold that gives way to this one:
 * theirs to order.
 */
async function loadLines(db: Db | Tx, items: PlaceOrderInput['items'], ownHeld: OwnHolds = NO_HOLDS) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const [rows, farmsBy] = await Promise.all([productsWithIds(db).execute({ ids }), farmSourcesOf(db, ids)]);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const wanted = new Map<number, { quantity: number; batchId: number | null }>();
  for (const item of items) {
    const batchId = item.batchId ?? null;
    const line = wanted.get(item.productId);
    if (line && line.batchId !== batchId)
      throw new Invalid(ONE_FARM_PER_PRODUCT, { items: [ONE_FARM_PER_PRODUCT] });
    wanted.set(item.productId, { quantity: (line?.quantity ?? 0) + item.quantity, batchId });
  }
  return [...wanted].map(([productId, { quantity, batchId }]) => {
    const product = byId.get(productId);
    if (quantity > MAX_LINE_QUANTITY)
      throw new Invalid(`You can order at most ${MAX_LINE_QUANTITY} of one product.`, {
        items: [`At most ${MAX_LINE_QUANTITY} of one product.`],
      });
    if (!product)
      throw new Conflict(
        'A product in your cart is no longer sold. Please remove it from your cart.',
        'Cart changed',
      );
    const own = product.stockUnit === null ? 0 : (ownHeld.byProduct.get(productId) ?? 0);
    // Counted stock is held when the order is placed (core/stock/holds.ts); this says so before then.
    const stock = countedStock({ ...product, stockHeld: Math.max(0, product.stockHeld - own) });
    const farmsOf = farmsBy.get(productId);
    const sources = farmsOf && sourcesForBuyer(stock.stockAvailable, farmsOf, ownHeld);
    if (batchId !== null) {
      const farm = sources?.farms.find((f) => f.batchId === batchId);
      if (!farm) throw new Conflict(CHOSEN_BATCH_GONE, 'Farm sold out');
      const fromFarm = { ...stock, stockAvailable: farm.available };
      const short = notEnoughStock({ name: `${product.name} from ${farm.farm}`, ...fromFarm }, quantity);
      if (short) throw new Conflict(short, NOT_ENOUGH_STOCK_TITLE);
      // The farm's price (the offer's), not the product's quantity prices: what the seller asked.
      return { product, quantity, batchId, farmName: farm.farm, unitPriceKobo: farm.unitPriceKobo };
    }
    if (!product.inStock && own === 0)
      throw new Conflict(`${product.name} is out of stock. Please remove it from your cart.`, 'Out of stock');
    const ownFree = sources ? { ...stock, stockAvailable: sources.ownAvailable } : stock;
    const short = notEnoughStock({ name: product.name, ...ownFree }, quantity);
    if (short) throw new Conflict(short, NOT_ENOUGH_STOCK_TITLE);
    // What each costs at this quantity (the product's quantity prices): what the order charges.
    return {
      product,
      quantity,
      batchId: null,
      unitPriceKobo: unitPriceKobo(product.priceKobo, product.priceTiers, quantity),
    };
  });
}

/** Two lines of one product that name different farms (the cart keeps one line per product). */
export const ONE_FARM_PER_PRODUCT = 'Choose one farm for each product in your cart.';

/**
 * An order line as sold: name, picture, price and weight copied, so later product edits leave it be. The
 * unit price is the one charged at this quantity (loadLines, with the product's quantity prices).
 */
export function orderItemSnapshot(line: {
  product: typeof products.$inferSelect;
  quantity: number;
  unitPriceKobo: number;
  batchId?: number | null;
}): NewOrderItem {
  const { product, quantity, unitPriceKobo } = line;
  return {
    productId: product.id,
    productName: product.name,
    productImageUrl: product.imageUrl,
    quantity,
    unitPriceKobo,
    totalPriceKobo: unitPriceKobo * quantity,
    productWeightGrams: product.weightGrams,
    productTotalWeightGrams: product.weightGrams * quantity,
    stockUnit: product.stockUnit,
    stockQuantity: stockFor(product, quantity),
    batchId: line.batchId ?? null,
  };
}

export interface Quote {
  price: OrderPrice;
  discount: DiscountCheck | null;
}

/**
 * A code checked against spec §5's rules, for a shopper who still has tries left (guessing.ts):
 * an unknown or inactive code uses up a try, a code that exists does not.
 */
async function checkCode(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  guesser: CodeGuesser,
  typed: string,
  order: { subtotalKobo: number; deliveryLocation: string },
): Promise<{ check: DiscountCheck; codeId: number | null }> {
  const now = deps.now?.() ?? new Date();
  const normalized = normalizeDiscountCode(typed);
  const taken = await takeCodeGuess(deps.db, guesser, normalized, now);
  if (taken === 'blocked') {
    const message = DISCOUNT_MESSAGES.guesses(CODE_GUESSES.windowMinutes);
    return { check: { ok: false, reason: 'guesses', message }, codeId: null };
  }
  const code = await loadDiscountCode(deps.db, normalized);
  const check = checkDiscount(code, { ...order, now, formatMoney: deps.formatMoney });
  const exists = check.ok || check.reason !== 'unknown';
  if (taken === 'counted') await settleCodeGuess(deps.db, guesser, normalized, exists);
  return { check, codeId: check.ok ? code!.id : null };
}

/**
 * Prices a cart as the server will charge it: database prices, stored rates and the code's rules.
 * The quote the checkout page shows and the order that is placed both come from here.
 */
export async function priceCart(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  userId: string,
  input: Pick<PlaceOrderInput, 'items' | 'deliveryLocation' | 'deliveryMethod' | 'discountCode'>,
  from: { clientAddress?: string; ownHeld?: OwnHolds } = {},
) {
  const [lines, rates] = await Promise.all([
    loadLines(deps.db, input.items, from.ownHeld),
    loadRates(deps.db),
  ]);
  // A listed place in the list's spelling ("  lagos " is Lagos); a town off the list as typed.
  const location = matchPlace(
    input.deliveryLocation,
    locationSuggestions(rates.map((r) => r.location)),
  ).place;
  const order = {
    lines: lines.map((l) => ({
      priceKobo: l.unitPriceKobo,
      quantity: l.quantity,
      weightGrams: l.product.weightGrams,
    })),
    rates,
    location,
    method: input.deliveryMethod,
  };
  let price = priceOrder(order);
  let discount: DiscountCheck | null = null;
  let discountCodeId: number | null = null;
  if (input.discountCode) {
    const checked = await checkCode(deps, { userId, ...from }, input.discountCode, {
      subtotalKobo: price.subtotalKobo,
      deliveryLocation: location,
    });
    discount = checked.check;
    if (discount.ok && discount.discount.type === 'free_delivery' && price.freeDelivery?.reached) {
      // The shop delivers this order free already: the code would waive nothing, so it is kept unused.
      discount = { ok: false, reason: 'not-needed', message: DISCOUNT_MESSAGES.notNeeded };
    } else if (discount.ok) {
      price = priceOrder({ ...order, discount: discount.discount });
      discountCodeId = checked.codeId;
    }
  }
  return { lines, rates, location, price, discount, discountCodeId };
}

export async function quoteOrder(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  userId: string,
  input: Pick<PlaceOrderInput, 'items' | 'deliveryLocation' | 'deliveryMethod' | 'discountCode'>,
  from: { clientAddress?: string } = {},
): Promise<Quote> {
  const { price, discount } = await priceCart(deps, userId, input, from);
  return { price, discount };
}
