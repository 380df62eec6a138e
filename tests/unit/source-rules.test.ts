import { describe, expect, it } from 'vitest';
import {
  cartSubtotalKobo,
  reconcileCart,
  setCartSource,
  type CartItem,
  type CurrentProduct,
} from '#core/cart/rules';
import {
  soldFrom,
  offerUnitPriceKobo,
  pickSource,
  type FarmSource,
  type ProductSources,
} from '#core/sellers/source-rules';

const farm = (batchId: number, harvestedOn: string, available: number, priceKobo = 320_000): FarmSource => ({
  batchId,
  farmId: 1,
  cycleId: null,
  farm: `Farm ${batchId}`,
  seller: `Seller ${batchId}`,
  place: 'Bonny, Rivers',
  harvestedOn,
  priceKobo,
  unitPriceKobo: priceKobo,
  available,
});

describe('where a line comes from (issue 51 §3)', () => {
  it('a farm’s price per kg makes each item’s price by its weight; per fish it is the price', () => {
    expect(offerUnitPriceKobo(320_000, { stockUnit: 'kg', weightGrams: 1000 })).toBe(320_000);
    expect(offerUnitPriceKobo(320_000, { stockUnit: 'kg', weightGrams: 500 })).toBe(160_000);
    // ₦3,333.33 × 0.75 kg = ₦2,499.9975: to the nearest kobo.
    expect(offerUnitPriceKobo(333_333, { stockUnit: 'kg', weightGrams: 750 })).toBe(250_000);
    expect(offerUnitPriceKobo(90_000, { stockUnit: 'unit', weightGrams: 1200 })).toBe(90_000);
  });

  it('the shop’s rule: the oldest source that covers the line, the shop’s own on a tie, else the one with most left', () => {
    const sources: ProductSources = {
      ownAvailable: 3000,
      ownSince: '2026-12-02',
      farms: [farm(7, '2026-12-01', 2000), farm(8, '2026-12-02', 9000)],
    };
    expect(pickSource(sources, 1000)).toBe(7);
    expect(pickSource(sources, 3000)).toBeNull(); // batch 7 is short; own and 8 tie on the day: own
    expect(pickSource(sources, 5000)).toBe(8);
    expect(pickSource(sources, 20_000)).toBe(8); // nobody covers it: the most left
    expect(pickSource({ ownAvailable: 0, ownSince: null, farms: [] }, 1000)).toBeNull();
  });

  it('the cart prices a line at its farm, says when the farm sold out, and checks what its source has', () => {
    const product: CurrentProduct = {
      id: 1,
      name: 'Live Catfish',
      priceKobo: 480_000,
      imageUrl: null,
      weightGrams: 1000,
      inStock: true,
      stockUnit: 'kg',
      stockAvailable: 12_000,
      sources: { ownAvailable: 1000, ownSince: '2026-12-03', farms: [farm(7, '2026-12-01', 2000)] },
    };
    const line: CartItem = {
      id: 1,
      name: 'Live Catfish',
      priceKobo: 480_000,
      currency: 'NGN',
      image: null,
      quantity: 2,
      weightGrams: 1000,
    };
    // Named no farm: the shop's rule gives it Farm 7's (older, and it covers 2 kg), at its price.
    const ruled = reconcileCart([line], [product]);
    expect(ruled.items[0]).toMatchObject({ batchId: 7, farm: 'Farm 7, Bonny, Rivers', priceKobo: 320_000 });
    expect(ruled.changes).toEqual([
      { id: 1, name: 'Live Catfish', kind: 'price', oldPriceKobo: 480_000, newPriceKobo: 320_000 },
    ]);
    // Named a farm that has sold out: told so, and the shop's own is short of 2 kg.
    const gone = reconcileCart(
      [{ ...line, batchId: 9, farm: 'Farm 9', priceKobo: 300_000 }],
      [{ ...product, sources: { ...product.sources!, farms: [] } }],
    );
    expect(gone.items[0]!.batchId).toBeUndefined();
    expect(gone.changes.map((c) => c.kind)).toEqual(['farm', 'price', 'short']);
    expect(gone.changes[0]).toMatchObject({ kind: 'farm', farm: null });
    expect(gone.changes[2]).toMatchObject({
      message: 'Only 1 kg of Live Catfish left: you can order at most 1.',
    });
  });

  it('a farm chosen for a line with quantity prices drops them: the line costs the farm’s price', () => {
    const tiers = [{ minQuantity: 2, priceKobo: 400_000 }];
    const product = { priceKobo: 480_000, stockAvailable: 9000, priceTiers: tiers };
    const sources: ProductSources = {
      ownAvailable: 4000,
      ownSince: '2026-12-03',
      farms: [farm(7, '2026-12-01', 5000)],
    };
    expect(soldFrom(product, sources, 7)).toEqual({
      batchId: 7,
      farm: 'Farm 7, Bonny, Rivers',
      priceKobo: 320_000,
      available: 5000,
    });
    expect(soldFrom(product, sources, null)).toEqual({
      priceKobo: 480_000,
      priceTiers: tiers,
      available: 4000,
    });
    const line: CartItem = {
      id: 1,
      name: 'Live Catfish',
      priceKobo: 480_000,
      currency: 'NGN',
      image: null,
      quantity: 2,
      weightGrams: 1000,
      priceTiers: tiers,
    };
    expect(cartSubtotalKobo([line])).toBe(800_000);
    const fromFarm = setCartSource([line], 1, soldFrom(product, sources, 7));
    expect(fromFarm[0]).not.toHaveProperty('priceTiers');
    expect(cartSubtotalKobo(fromFarm)).toBe(640_000);
    expect(cartSubtotalKobo(setCartSource(fromFarm, 1, soldFrom(product, sources, null)))).toBe(800_000);
  });
});
