import { describe, expect, it } from 'vitest';
import {
  methodForShelfLife,
  methodRefusal,
  methodsWithinShelfLife,
  orderShelfLife,
  shelfLifeOf,
} from '#core/delivery/shelf-life';

const liveCatfish = { category: 'fresh', shelfLifeDays: null } as const;
const frozenTitus = { category: 'fresh', shelfLifeDays: 3 } as const;
const smokedCatfish = { category: 'smoked', shelfLifeDays: null } as const;
const prawns = { category: 'shellfish', shelfLifeDays: null } as const;

describe('how long goods keep (issue 48)', () => {
  it('a product keeps for its own days, else its category’s: fresh and shellfish a day, the rest keep', () => {
    expect(shelfLifeOf(liveCatfish)).toBe(1);
    expect(shelfLifeOf(prawns)).toBe(1);
    expect(shelfLifeOf(frozenTitus)).toBe(3);
    expect(shelfLifeOf(smokedCatfish)).toBeNull();
    expect(shelfLifeOf({ category: 'smoked', shelfLifeDays: 0 })).toBe(0);
  });

  it('an order keeps as long as its shortest-lived line', () => {
    expect(orderShelfLife([smokedCatfish, frozenTitus, liveCatfish])).toBe(1);
    expect(orderShelfLife([smokedCatfish, frozenTitus])).toBe(3);
    expect(orderShelfLife([smokedCatfish])).toBeNull();
    expect(orderShelfLife([])).toBeNull();
  });
});

describe('which delivery methods reach the buyer in time', () => {
  it('fresh fish goes only by Express or Pickup, and Standard and Joint say why', () => {
    const days = orderShelfLife([{ category: 'fresh', shelfLifeDays: null }, smokedCatfish]);
    expect(methodsWithinShelfLife(days)).toEqual(['express', 'pickup']);
    expect(methodRefusal('standard', days)).toBe("Fresh fish can't wait 2–3 days: choose Express or Pickup");
    expect(methodRefusal('joint', days)).toBe("Fresh fish can't wait 3–5 days: choose Express or Pickup");
    expect(methodRefusal('express', days)).toBeNull();
    expect(methodRefusal('pickup', days)).toBeNull();
  });

  it('frozen fish that keeps 3 days may go by Standard, not Joint; dried goods by any method', () => {
    expect(methodsWithinShelfLife(3)).toEqual(['express', 'standard', 'pickup']);
    expect(methodRefusal('joint', 3)).toBe(
      "Fresh fish can't wait 3–5 days: choose Express, Standard or Pickup",
    );
    expect(methodsWithinShelfLife(null)).toEqual(['express', 'standard', 'joint', 'pickup']);
    expect(methodRefusal('joint', null)).toBeNull();
  });

  it('goods for the same day only are collected', () => {
    expect(methodsWithinShelfLife(0)).toEqual(['pickup']);
    expect(methodRefusal('express', 0)).toBe("Fresh fish can't wait 24 hours: choose Pickup");
  });

  it('checkout starts on Standard where it keeps, else on the fastest method that does', () => {
    expect(methodForShelfLife('standard', null)).toBe('standard');
    expect(methodForShelfLife('standard', 1)).toBe('express');
    expect(methodForShelfLife('joint', 3)).toBe('express');
    expect(methodForShelfLife('pickup', 1)).toBe('pickup');
    expect(methodForShelfLife('standard', 0)).toBe('pickup');
  });
});
