import { describe, expect, it } from 'vitest';
import {
  checkOffer,
  nextOfferStatus,
  OFFER_MESSAGES,
  offerAmountLabel,
  offerPriceLabel,
  type OfferForm,
} from '#core/sellers/offer-rules';

// Issue 51 §2: what an offer of a harvest may be, and what becomes of it (worked by hand).
const today = '2026-12-02';
const form = (over: Partial<OfferForm> = {}): OfferForm => ({
  productId: 1,
  cycleId: null,
  quantity: '240.5',
  unit: 'kg',
  harvestedOn: '2026-12-01',
  bringOn: '2026-12-03',
  price: '3,200',
  ...over,
});
const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { fieldErrors: Record<string, string[]> }).fieldErrors;
  }
  throw new Error('not refused');
};

describe('checkOffer', () => {
  it('keeps kg as grams and naira as kobo: 240.5 kg at ₦3,200', () => {
    expect(checkOffer(form(), { stockUnit: 'kg' }, today)).toEqual({
      quantity: 240_500,
      harvestedOn: '2026-12-01',
      bringOn: '2026-12-03',
      priceKobo: 320_000,
    });
    expect(checkOffer(form({ unit: 'unit', quantity: '300' }), { stockUnit: 'unit' }, today).quantity).toBe(
      300,
    );
  });
  it('refuses a unit that is not the product’s, either way', () => {
    expect(fieldOf(() => checkOffer(form(), { stockUnit: 'unit' }, today))).toEqual({
      quantity: [OFFER_MESSAGES.soldByUnits],
    });
    expect(fieldOf(() => checkOffer(form({ unit: 'unit' }), { stockUnit: 'kg' }, today))).toEqual({
      quantity: [OFFER_MESSAGES.soldByKg],
    });
  });
  it('bounds: 0.01 kg and ₦1 pass, 0.001 kg, ₦0.99 and ₦1,000,000.01 do not', () => {
    expect(checkOffer(form({ quantity: '0.01', price: '1' }), { stockUnit: 'kg' }, today).quantity).toBe(10);
    for (const price of ['0.99', '1000000.01', '-5', 'abc'])
      expect(fieldOf(() => checkOffer(form({ price }), { stockUnit: 'kg' }, today))).toEqual({
        price: [OFFER_MESSAGES.price],
      });
    expect(fieldOf(() => checkOffer(form({ quantity: '0.001' }), { stockUnit: 'kg' }, today))).toEqual({
      quantity: [OFFER_MESSAGES.quantityKg],
    });
  });
  it('dates: harvested 3 days ago passes, 4 does not; brought within 60 days, not before today', () => {
    expect(() => checkOffer(form({ harvestedOn: '2026-11-29' }), { stockUnit: 'kg' }, today)).not.toThrow();
    expect(
      fieldOf(() => checkOffer(form({ harvestedOn: '2026-11-28' }), { stockUnit: 'kg' }, today)),
    ).toEqual({
      harvestedOn: [OFFER_MESSAGES.harvestOld],
    });
    expect(fieldOf(() => checkOffer(form({ bringOn: '2027-02-01' }), { stockUnit: 'kg' }, today))).toEqual({
      bringOn: [OFFER_MESSAGES.bringFar],
    });
  });
  it('a product not counted takes no offers', () => {
    expect(fieldOf(() => checkOffer(form(), { stockUnit: null }, today))).toEqual({
      productId: [OFFER_MESSAGES.notCounted],
    });
  });
});

describe('what becomes of an offer', () => {
  it('offered → accepted or countered; countered → accepted when taken; received only once accepted', () => {
    expect(nextOfferStatus('offered', 'accept')).toBe('accepted');
    expect(nextOfferStatus('offered', 'counter')).toBe('countered');
    expect(nextOfferStatus('countered', 'take-counter')).toBe('accepted');
    expect(nextOfferStatus('accepted', 'receive')).toBe('received');
    expect(nextOfferStatus('offered', 'receive')).toBeNull();
    expect(nextOfferStatus('accepted', 'withdraw')).toBeNull();
    expect(nextOfferStatus('received', 'decline')).toBeNull();
  });
  it('labels: 240.5 kg at ₦3,200 per kg; 300 fish at ₦1,500 per fish', () => {
    expect(offerAmountLabel(240_500, 'kg')).toBe('240.5 kg');
    expect(offerPriceLabel(320_000, 'kg')).toBe('₦3,200 per kg');
    expect(offerAmountLabel(300, 'unit')).toBe('300 fish');
    expect(offerPriceLabel(150_000, 'unit')).toBe('₦1,500 per fish');
  });
});
