/**
 * The feed store's arithmetic (issue 50 §6), pure so the page works out "Order feed" as the server does.
 */

/** Days the feed left lasts at the day's planned need; null when nothing of that size is planned. */
export function daysOfFeedLeft(leftG: number, needPerDayG: number): number | null {
  if (needPerDayG <= 0) return null;
  return Math.max(0, Math.floor(leftG / needPerDayG));
}

/** Bags to buy so the feed lasts `days` more days at the planned need (0 when what is left covers it). */
export function bagsToOrder(input: {
  needPerDayG: number;
  leftG: number;
  bagG: number;
  days: number;
}): number {
  const { needPerDayG, leftG, bagG, days } = input;
  if (bagG <= 0 || needPerDayG <= 0 || days <= 0) return 0;
  const short = needPerDayG * days - Math.max(0, leftG);
  return short <= 0 ? 0 : Math.ceil(short / bagG);
}

/** A feeding line's cost at the price paid: grams × the feed's price per kg, in whole kobo. */
export function feedCostKobo(feedG: number, pricePerKgKobo: number | null): number {
  return pricePerKgKobo === null ? 0 : Math.round((feedG * pricePerKgKobo) / 1000);
}
