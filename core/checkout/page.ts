import { getProfile } from '../accounts/service';
import { loadRates } from '../delivery/management';
import { locationSuggestions } from '../delivery/methods';
import { offerSlots } from '../delivery/slot-bookings';
import type { OfferedSlot } from '../delivery/slots';
import { choicesOfUnpaidOrder } from './choices';
import type { CheckoutDeps } from './deps';
import type { RateFacts } from './pricing';
import { waitingOrdersOf, waitingOrderView } from './waiting';

/**
 * What the checkout page starts from, read in one place: the buyer's profile (what it fills in, what
 * is missing), the choices of an unpaid order the buyer came back from, the buyer's orders waiting for
 * payment, the delivery rates and slots, and the places to choose from. The rates and slots may fail
 * without failing the page: without stored rates checkout prices with the default ones and says so
 * (`ratesFailed`, spec §8); without slots a method that needs one cannot be paid for, the others can.
 */
export async function readCheckoutPage(
  { db, payments, logger, now: clock }: CheckoutDeps,
  userId: string,
  /** The payment reference of a return from a payment that did not go through (/checkout/callback). */
  reference: string | undefined,
) {
  const now = clock?.() ?? new Date();
  const profile = await getProfile(db, userId);
  // Back from a payment that did not go through: its order's choices again.
  const resumed = reference ? await choicesOfUnpaidOrder(db, userId, reference) : null;
  // The buyer's orders waiting for payment: the cart's own is resumed, another is theirs to pay or cancel.
  const waiting = (await waitingOrdersOf(db, userId, payments.name, now)).map(waitingOrderView);
  let rates: RateFacts[] = [];
  let ratesFailed = false;
  try {
    rates = await loadRates(db);
  } catch (error) {
    logger.error({ err: error }, 'could not load delivery rates');
    ratesFailed = true;
  }
  let slots: OfferedSlot[] = [];
  try {
    slots = await offerSlots(db, now);
  } catch (error) {
    logger.error({ err: error }, 'could not load delivery slots');
  }
  return {
    profile: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      location: profile.location,
    },
    contact: profile.contact.channel,
    missing: profile.missing,
    resumed,
    waiting,
    rates,
    ratesFailed,
    locations: locationSuggestions(rates.map((r) => r.location)),
    slots,
    now: now.toISOString(),
  };
}

export type CheckoutPage = Awaited<ReturnType<typeof readCheckoutPage>>;
