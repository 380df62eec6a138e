import { describe, expect, it } from 'vitest';
import { parseProductFilters, parseSearchQuery, productFiltersToParams } from '#core/catalog/filters';
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
