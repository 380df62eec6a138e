import { describe, expect, it } from 'vitest';
import {
  parseNairaAmount,
  parseProductFilters,
  parseSearchQuery,
  productFiltersToParams,
  sliderPositionNaira,
} from '#core/catalog/filters';
import { escapeLikePattern } from '#core/text';

const parse = (query: string) => parseProductFilters(new URLSearchParams(query));

describe('/products filters from the URL', () => {
  it('takes category ids 1–6 (the home page links) and names, repeated or comma-separated', () => {
    expect(parse('category=1').categories).toEqual(['fresh']);
    expect(parse('category=2&category=smoked&category=6').categories).toEqual([
      'shellfish',
      'smoked',
      'feeds',
    ]);
    expect(parse('category=4,5').categories).toEqual(['dried', 'equipment']);
    expect(parse('category=FRESH').categories).toEqual(['fresh']);
  });

  it('ignores what it does not know instead of failing', () => {
    expect(parse('category=7&category=cakes&category=0').categories).toEqual([]);
    expect(parse('sort=cheapest').sort).toBe('featured');
    expect(parse('page=-3').page).toBe(1);
    expect(parse('minPrice=abc').minPriceNaira).toBe(0);
  });

  it('keeps the price range inside ₦0–₦10,000,000 and in order', () => {
    expect(parse('')).toMatchObject({ minPriceNaira: 0, maxPriceNaira: 10_000_000 });
    expect(parse('minPrice=500000&maxPrice=100000')).toMatchObject({
      minPriceNaira: 100_000,
      maxPriceNaira: 500_000,
    });
    expect(parse('maxPrice=999999999').maxPriceNaira).toBe(10_000_000);
  });

  it('reads a typed price as any naira amount, as a buyer writes it', () => {
    expect(parseNairaAmount('4800')).toBe(4800);
    expect(parseNairaAmount(' ₦4,800 ')).toBe(4800);
    expect(parseNairaAmount('N29 000')).toBe(29_000);
    expect(parseNairaAmount('1,250,000.00')).toBe(1_250_000);
    expect(parseNairaAmount('')).toBeUndefined();
    expect(parseNairaAmount('abc')).toBe('not-an-amount');
    expect(parseNairaAmount('48,00')).toBe('not-an-amount');
    expect(parseNairaAmount('-500')).toBe('negative');
    expect(parse('minPrice=4800&maxPrice=29000')).toMatchObject({
      minPriceNaira: 4800,
      maxPriceNaira: 29_000,
      priceNotices: [],
    });
  });

  it('leaves out a typed price it cannot read, swaps a minimum above the maximum, and says so', () => {
    expect(parse('minPrice=abc&maxPrice=29000')).toMatchObject({
      minPriceNaira: 0,
      maxPriceNaira: 29_000,
      priceNotices: ['The minimum price "abc" is not an amount in naira (such as 4800), so it was left out.'],
    });
    expect(parse('maxPrice=-500').priceNotices).toEqual([
      'The maximum price cannot be below ₦0, so "-500" was left out.',
    ]);
    expect(parse('minPrice=29000&maxPrice=4800')).toMatchObject({
      minPriceNaira: 4800,
      maxPriceNaira: 29_000,
      priceNotices: ['The minimum price was above the maximum, so the two were swapped.'],
    });
  });

  it('without JavaScript, takes the slider when the buyer moved it, and the typed amount otherwise', () => {
    // The slider stands at the step holding the typed range: ₦4,800–₦29,000 shows as ₦0–₦100,000.
    expect(sliderPositionNaira('min', 4800)).toBe(0);
    expect(sliderPositionNaira('max', 29_000)).toBe(100_000);
    expect(sliderPositionNaira('max', 10_000_000)).toBe(10_000_000);
    // Typed: the sliders stand where the page drew them.
    const typed =
      'minPrice=4800&minPriceSlider=0&minPriceWas=0&maxPrice=29000&maxPriceSlider=10000000&maxPriceWas=10000000';
    expect(parse(typed)).toMatchObject({ minPriceNaira: 4800, maxPriceNaira: 29_000 });
    // Slid: the maximum slider moved from ₦100,000 (drawn for ₦29,000) to ₦500,000.
    const slid =
      'minPrice=4800&minPriceSlider=0&minPriceWas=4800&maxPrice=29000&maxPriceSlider=500000&maxPriceWas=29000';
    expect(parse(slid)).toMatchObject({ minPriceNaira: 4800, maxPriceNaira: 500_000 });
  });

  it('keeps locations as typed, once each whatever the case', () => {
    expect(parse('location=Lagos&location=lagos&location=Abuja').locations).toEqual(['Lagos', 'Abuja']);
  });

  it('writes filters back to a URL with the defaults left out', () => {
    const filters = parse('category=smoked&category=1&location=Lagos&minPrice=100000&sort=price-asc&page=2');
    expect(productFiltersToParams(filters).toString()).toBe(
      'category=1&category=3&location=Lagos&minPrice=100000&sort=price-asc&page=2',
    );
    expect(productFiltersToParams(parse('')).toString()).toBe('');
  });
});

describe('/search query', () => {
  it('trims and folds spaces, limits to 100 characters, and reads the category tab', () => {
    expect(parseSearchQuery(new URLSearchParams('q=  smoked   fish &category=smoked'))).toEqual({
      q: 'smoked fish',
      category: 'smoked',
      page: 1,
    });
    expect(parseSearchQuery(new URLSearchParams('q=x&category=all')).category).toBeUndefined();
    // PostgreSQL refuses a NUL in a text parameter: control characters never reach a query.
    expect(parseSearchQuery(new URLSearchParams('q=%00')).q).toBe('');
    expect(parseSearchQuery(new URLSearchParams('q=smoked%00fish%0A')).q).toBe('smoked fish');
    expect(parseProductFilters(new URLSearchParams('location=Port%00Harcourt')).locations).toEqual([
      'Port Harcourt',
    ]);
    expect(parseSearchQuery(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
