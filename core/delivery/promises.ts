import type { Db } from '../../db/client';
import { loadRates } from './management';
import { formatNaira } from '../money';
import { DELIVERY_METHOD_LABELS, HOME_LOCATION, type DeliveryMethod } from './methods';
import { loadSlotRules } from './slot-bookings';
import { formatMinute } from './slots';

/**
 * What the product page promises about delivery (spec §1's two notes), said from the owner's rules so
 * it stays true when they change (decision 045): each location's free-delivery amount (its rates) and
 * its latest same-day cut-off (its slots). With the seeded rules these are the spec's words exactly:
 * "Free delivery within Port Harcourt for orders above ₦50,000", "Same-day delivery for orders before 12pm".
 */

export interface DeliveryPromise {
  kind: 'free' | 'same-day';
  text: string;
}

interface RateRule {
  location: string;
  method: DeliveryMethod;
  freeFromKobo: number | null;
}

interface SlotCutoff {
  location: string;
  cutoffDaysBefore: number;
  cutoffMinute: number;
}

const key = (location: string) => location.trim().toLowerCase();
/** The shop's own city first, then the others by name. */
const homeFirst = (a: string, b: string) =>
  Number(key(b) === key(HOME_LOCATION)) - Number(key(a) === key(HOME_LOCATION)) || a.localeCompare(b);

/** "12pm", "11:30am": the spec's way of writing a time. */
const clock = (minute: number) => formatMinute(minute).replace(' ', '');

export function deliveryPromises(
  rates: readonly RateRule[],
  slots: readonly SlotCutoff[],
  formatMoney: (kobo: number) => string,
): DeliveryPromise[] {
  const promises: DeliveryPromise[] = [];
  const byLocation = new Map<string, RateRule[]>();
  for (const rate of rates.filter((r) => r.method !== 'pickup'))
    byLocation.set(key(rate.location), [...(byLocation.get(key(rate.location)) ?? []), rate]);
  const locations = [...byLocation.values()].sort((a, b) => homeFirst(a[0]!.location, b[0]!.location));
  for (const delivered of locations) {
    const place = delivered[0]!.location.trim();
    const amounts = new Set(delivered.map((r) => r.freeFromKobo));
    const [only] = amounts;
    if (amounts.size === 1 && only !== null && only !== undefined) {
      // Every way of delivering there is free from the same amount: one line, as the spec words it.
      promises.push({
        kind: 'free',
        text: `Free delivery within ${place} for orders above ${formatMoney(only)}`,
      });
      continue;
    }
    for (const rate of delivered)
      if (rate.freeFromKobo !== null)
        promises.push({
          kind: 'free',
          text: `Free ${DELIVERY_METHOD_LABELS[rate.method].toLowerCase()} within ${place} for orders above ${formatMoney(rate.freeFromKobo)}`,
        });
  }

  const latestCutoff = new Map<string, SlotCutoff>();
  for (const slot of slots.filter((s) => s.cutoffDaysBefore === 0)) {
    const seen = latestCutoff.get(key(slot.location));
    if (!seen || slot.cutoffMinute > seen.cutoffMinute) latestCutoff.set(key(slot.location), slot);
  }
  for (const slot of [...latestCutoff.values()].sort((a, b) => homeFirst(a.location, b.location))) {
    const where = key(slot.location) === key(HOME_LOCATION) ? '' : ` within ${slot.location.trim()}`;
    promises.push({
      kind: 'same-day',
      text: `Same-day delivery${where} for orders before ${clock(slot.cutoffMinute)}`,
    });
  }
  return promises;
}

/** The product page's promises from the stored rules; none when they cannot be read (the page still opens). */
export async function loadDeliveryPromises(db: Db): Promise<DeliveryPromise[]> {
  const [rates, slots] = await Promise.all([loadRates(db), loadSlotRules(db)]);
  return deliveryPromises(rates, slots, formatNaira);
}
