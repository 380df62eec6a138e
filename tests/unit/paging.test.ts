import { describe, expect, it } from 'vitest';
import { countFigure, countLabel, pageWindow } from '#core/paging';

describe('paging a counted list', () => {
  it('keeps the asked page within an exactly counted list', () => {
    expect(pageWindow({ total: 26, moreThanTotal: false }, 1, 25)).toEqual({ page: 1, pages: 2 });
    expect(pageWindow({ total: 26, moreThanTotal: false }, 9, 25)).toEqual({ page: 2, pages: 2 });
    expect(pageWindow({ total: 0, moreThanTotal: false }, 3, 25)).toEqual({ page: 1, pages: 1 });
  });

  it('past the count limit goes on as far as asked, always offering the next page', () => {
    expect(pageWindow({ total: 10_000, moreThanTotal: true }, 1, 25)).toEqual({ page: 1, pages: 400 });
    expect(pageWindow({ total: 10_000, moreThanTotal: true }, 400, 25)).toEqual({ page: 400, pages: 401 });
    expect(pageWindow({ total: 10_000, moreThanTotal: true }, 1_000, 25)).toEqual({
      page: 1_000,
      pages: 1_001,
    });
  });

  it('says how many, with "+" past the limit', () => {
    expect(countLabel({ total: 1, moreThanTotal: false }, 'order', 'orders')).toBe('1 order');
    expect(countLabel({ total: 25, moreThanTotal: false }, 'order', 'orders')).toBe('25 orders');
    expect(countLabel({ total: 10_000, moreThanTotal: true }, 'order', 'orders')).toBe('10,000+ orders');
    // The search page's heading: 'Search Results (1,250)'.
    expect(countFigure({ total: 1_250, moreThanTotal: false })).toBe('1,250');
    expect(countFigure({ total: 10_000, moreThanTotal: true })).toBe('10,000+');
  });
});
