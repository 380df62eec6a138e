import { describe, expect, it } from 'vitest';
import {
  countedStock,
  fewLeftNote,
  formatStock,
  itemsAvailable,
  notEnoughStock,
  stockFor,
} from '#core/stock/rules';

const catfish = (onHand: number, held = 0, weightGrams = 1000) => ({
  name: 'Catfish',
  ...countedStock({ stockUnit: 'kg', stockOnHand: onHand, stockHeld: held, weightGrams }),
});
const aerators = (onHand: number) => ({
  name: 'Aerator',
  ...countedStock({ stockUnit: 'unit', stockOnHand: onHand, stockHeld: 0, weightGrams: 4000 }),
});
const uncounted = { name: 'Crayfish', stockUnit: null, stockAvailable: 0, weightGrams: 500 };

describe('counted stock (core/stock/rules.ts)', () => {
  it('sold by weight takes its weight of stock per item; equipment one unit', () => {
    expect(stockFor(catfish(0, 0, 500), 3)).toBe(1500);
    expect(stockFor(aerators(0), 3)).toBe(3);
    expect(stockFor(uncounted, 3)).toBe(0);
  });

  it('what can be bought is on hand less what unpaid orders hold, in whole items', () => {
    expect(itemsAvailable(catfish(40_000, 35_500))).toBe(4);
    expect(itemsAvailable(catfish(4_000, 5_000))).toBe(0);
    expect(itemsAvailable(uncounted)).toBeNull();
  });

  it('says "Only 4 kg left" when few remain, nothing when plenty, none or uncounted', () => {
    expect(fewLeftNote(catfish(4_000))).toBe('Only 4 kg left');
    expect(fewLeftNote(catfish(2_500, 0, 500))).toBe('Only 2.5 kg left');
    expect(fewLeftNote(aerators(3))).toBe('Only 3 left');
    expect(fewLeftNote(catfish(40_000))).toBeNull();
    expect(fewLeftNote(catfish(0))).toBeNull();
    expect(fewLeftNote(uncounted)).toBeNull();
  });

  it('refuses more than is left in words the buyer can act on', () => {
    expect(notEnoughStock(catfish(4_000), 4)).toBeNull();
    expect(notEnoughStock(catfish(4_000), 5)).toBe('Only 4 kg of Catfish left: you can order at most 4.');
    expect(notEnoughStock(aerators(2), 3)).toBe('Only 2 of Aerator left: you can order at most 2.');
    expect(notEnoughStock(catfish(0), 1)).toBe('Catfish is out of stock. Please remove it from your cart.');
    expect(notEnoughStock(uncounted, 500)).toBeNull();
  });

  it('writes amounts in their unit', () => {
    expect(formatStock(40_000, 'kg')).toBe('40 kg');
    expect(formatStock(750, 'kg')).toBe('750 g');
    expect(formatStock(1, 'unit')).toBe('1 unit');
    expect(formatStock(12, 'unit')).toBe('12 units');
  });
});
