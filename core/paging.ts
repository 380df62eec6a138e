/** Paging and counting of long lists (pure: the pages use it too; the query is paging-queries.ts). */

import { groupThousands } from './money';

/**
 * Lists count their matches exactly up to this many; past it they say "10,000+" (docs/decisions/008
 * and 015): counting 100,000 orders on every screen would cost more than the screen itself.
 */
export const COUNT_LIMIT = 10_000;

export interface Counted {
  /** Matches counted: at most the limit. */
  total: number;
  /** True when there are more matches than were counted (total is then the limit). */
  moreThanTotal: boolean;
}

/**
 * The page to show and how many to offer. An exactly counted list keeps the asked page within its
 * pages; past the count limit the pages go on as far as asked (the next one is always offered, and a
 * page past the end is simply empty).
 */
export function pageWindow(
  counted: Counted,
  requested: number,
  pageSize: number,
): { page: number; pages: number } {
  const known = Math.max(1, Math.ceil(counted.total / pageSize));
  if (!counted.moreThanTotal) return { page: Math.min(requested, known), pages: known };
  return { page: requested, pages: Math.max(known, requested + 1) };
}

/** "25", "1,250", "10,000+": how many a list holds, as far as it was counted. */
export function countFigure(counted: Counted): string {
  return `${groupThousands(counted.total)}${counted.moreThanTotal ? '+' : ''}`;
}

/** "1 order", "25 orders", "10,000+ orders". */
export function countLabel(counted: Counted, one: string, many: string): string {
  return `${countFigure(counted)} ${counted.total === 1 && !counted.moreThanTotal ? one : many}`;
}
