import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Refusal } from '~/components/checkout/checkout-refusal';
import { usePickupLocations } from '~/components/checkout/delivery-section';
import { useDiscountCode } from '~/components/checkout/discount-code-field';
import { slotChoosable, slotKey } from '~/components/checkout/delivery-slot-picker';
import type { ActionFailure } from '~/lib/action-result';
import { useCart } from '~/lib/cart';
import { useCheckoutChoices } from '~/lib/checkout-choices';
import { useOnline } from '~/lib/offline';
import { toast } from '~/lib/toasts';
import { useFreshPrices } from '~/lib/use-fresh-prices';
import { useHydrated } from '~/lib/use-hydrated';
import { blockingChanges, lineUnitPriceKobo } from '#core/cart/rules';
import type { CheckoutChoices } from '#core/checkout/choices';
import type { CheckoutPage } from '#core/checkout/page';
import { freeDeliveryNote, payBlockers, priceOrder } from '#core/checkout/pricing';
import { refusedPart, type RefusedPart } from '#core/checkout/refusals';
import { waitingOrdersForCart } from '#core/checkout/waiting-rules';
import { HOME_LOCATION } from '#core/delivery/methods';
import { methodForShelfLife, methodRefusal } from '#core/delivery/shelf-life';
import { lagosDay, lastDeliveryDay, needsSlot, slotsOfLocation } from '#core/delivery/slots';
import { formatNaira } from '#core/money';

/** An order's checkout choices as the page keeps them. */
const choicesState = (c: CheckoutChoices & { deliverySlot?: string }) => ({
  location: c.deliveryLocation,
  method: c.deliveryMethod,
  pickupLocation: c.pickupLocation,
  code: c.discountCode,
  slot: c.deliverySlot ?? '',
});

/**
 * The checkout page's state, from what its loader read (core/checkout/page.ts): the cart, the buyer's
 * choices (kept across a reload: app/lib/checkout-choices.ts), the server's refusal of the last Pay
 * (shown beside what it is about until the buyer changes that), the waiting orders, the slots that fit
 * the goods' shelf life, the price and what keeps Pay from being pressed. It also keeps the choices
 * sound as things change: the soonest open slot until one is chosen, the fastest method fresh fish can
 * go by, a pickup point of the location; and it leaves a checkout with an empty cart.
 */
export function useCheckout(page: CheckoutPage) {
  const { profile, contact: chosenContact, missing, resumed, waiting, rates, ratesFailed, slots, now } = page;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { items } = useCart();
  const { changes, shelfLife, checking, recheck } = useFreshPrices();
  const online = useOnline();
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<(Refusal & { part: RefusedPart | null }) | null>(null);
  const lines = useMemo(
    () =>
      items.map((i) => ({
        productId: i.id,
        quantity: i.quantity,
        ...(i.batchId === undefined ? {} : { batchId: i.batchId }),
      })),
    [items],
  );
  // The cart's own order waiting for payment is resumed; another that holds some of its products is
  // the buyer's to pay for or cancel first (never "sold out" to them).
  const { cartsOrder, otherOrder } = waitingOrdersForCart(waiting, lines);
  const memory = useCheckoutChoices({
    hydrated,
    resumed: useMemo(() => (resumed ? { ...choicesState(resumed), slot: '' } : null), [resumed]),
    waiting: useMemo(() => (cartsOrder ? choicesState(cartsOrder.choices) : null), [cartsOrder]),
    fallback: useMemo(
      () => ({ location: profile.location?.trim() || HOME_LOCATION, contact: chosenContact }),
      [profile.location, chosenContact],
    ),
  });
  const { location, method, pickupLocation, code, slot } = memory.choices;
  const { setLocation, setMethod, setPickupLocation, setCode, setSlot } = memory;
  /** The buyer changed one of `parts`: a refusal about it is resolved. */
  const resolve = useCallback(
    (...parts: RefusedPart[]) => setRefusal((r) => (r?.part && parts.includes(r.part) ? null : r)),
    [],
  );
  const lineKey = lines.map((l) => `${l.productId}x${l.quantity}`).join(',');
  useEffect(() => resolve('items'), [lineKey, resolve]);
  const { discount, applyNow } = useDiscountCode(code, location, method, lines, resumed?.discountCode ?? '');
  const { pickupLocations, settling } = usePickupLocations(rates, location);
  const slotNeeded = needsSlot(method, location, slots);
  const locationSlots = useMemo(
    () => (slotNeeded ? slotsOfLocation(slots, location) : []),
    [slotNeeded, slots, location],
  );
  const lastDay = lastDeliveryDay(shelfLife, lagosDay(new Date(now)));
  const chosenSlot = locationSlots.find((s) => slotKey(s) === slot && slotChoosable(s, lastDay));

  useEffect(() => {
    // The soonest open slot is chosen for the shopper until they choose one; one no longer open gives way.
    if (!memory.ready || !slotNeeded || chosenSlot) return;
    const first = locationSlots.find((s) => slotChoosable(s, lastDay));
    setSlot(first ? slotKey(first) : '');
  }, [memory.ready, slotNeeded, chosenSlot, locationSlots, lastDay, setSlot]);

  useEffect(() => {
    // Fresh fish cannot wait for a slow method: the fastest one that reaches the buyer in time instead.
    if (!memory.ready || checking) return;
    const kept = methodForShelfLife(method, shelfLife);
    if (kept !== method) setMethod(kept);
  }, [memory.ready, checking, method, shelfLife, setMethod]);

  useEffect(() => {
    if (hydrated && items.length === 0 && !placing) {
      toast.error('Empty Cart', { description: 'Add something to your cart before checking out.' });
      navigate('/products', { replace: true });
    }
  }, [hydrated, items.length, placing, navigate]);

  useEffect(() => {
    if (ratesFailed)
      toast.error('Delivery Fee Error', {
        description: 'Could not calculate delivery fee. Using default rates.',
      });
  }, [ratesFailed]);

  useEffect(() => {
    // A pickup point of another location no longer applies (once the kept choices are in: before, this
    // would clear the point they are about to bring back).
    if (!memory.ready) return;
    if (pickupLocations.length > 0 && !pickupLocations.includes(pickupLocation)) setPickupLocation('');
  }, [memory.ready, pickupLocations, pickupLocation, setPickupLocation]);

  const applied = discount.status === 'valid' ? discount.discount : null;
  const order = {
    lines: items.map((i) => ({
      priceKobo: lineUnitPriceKobo(i),
      quantity: i.quantity,
      weightGrams: i.weightGrams,
    })),
    rates,
    location,
  };
  const price = priceOrder({ method, discount: applied, ...order });
  const blocked = blockingChanges(changes);
  const blockers = payBlockers({
    placing,
    calculating: checking || settling || discount.status === 'validating',
    profileComplete: missing.length === 0,
    method,
    pickupLocation,
    pickupPoints: pickupLocations,
    totalKobo: price.totalKobo,
    discount: applied,
    subtotalKobo: price.subtotalKobo,
    discountRefused: discount.status === 'invalid' ? discount.reason : null,
    slotNeeded,
    slotChosen: chosenSlot !== undefined,
    offline: !online,
    methodRefused: methodRefusal(method, shelfLife) !== null,
    waitingOrder: otherOrder !== null,
  });

  return {
    /** The page waits for the browser's cart and the kept choices before it shows anything. */
    ready: hydrated && items.length > 0 && memory.ready,
    items,
    lines,
    online,
    cartsOrder,
    otherOrder,
    choices: memory.choices,
    /** Each choice as the buyer changes it, resolving a refusal about what it changes. */
    choose: {
      location: (chosen: string) => {
        resolve('delivery-method', 'pickup-point', 'delivery-slot');
        setLocation(chosen);
      },
      method: (chosen: typeof method) => {
        resolve('delivery-method', 'pickup-point', 'delivery-slot');
        setMethod(chosen);
      },
      pickupLocation: (chosen: string) => {
        resolve('pickup-point');
        setPickupLocation(chosen);
      },
      slot: (chosen: string) => {
        resolve('delivery-slot');
        setSlot(chosen);
      },
      code: (typed: string) => {
        resolve('discount-code');
        setCode(typed);
      },
      contact: memory.setContact,
    },
    /** The server's refusal of the last Pay when it is about one of `parts` (null: about no field). */
    refusalOf: (...parts: (RefusedPart | null)[]) =>
      refusal && parts.includes(refusal.part) ? refusal : null,
    discount,
    applyNow,
    applied,
    shelfLife,
    pickupLocations,
    slotNeeded,
    locationSlots,
    chosenSlot,
    lastDay,
    order,
    price,
    freeNote: freeDeliveryNote(price, location, formatNaira),
    blockers,
    /** Pay waits for what blocks it, a cart that must change, and a refused part until it changes. */
    payDisabled: blockers.length > 0 || blocked.length > 0 || Boolean(refusal?.part),
    cartNeedsChange: blocked.length > 0,
    onPlacing: (placingNow: boolean) => {
      setPlacing(placingNow);
      if (placingNow) setRefusal(null);
    },
    onRefused: (failure: ActionFailure) => {
      const part = refusedPart({ title: failure.error.title, fieldErrors: failure.fieldErrors });
      setRefusal({ part, title: failure.error.title, message: failure.error.message });
      // Less stock than the page thought: the cart's products are read again, so it shows what is left.
      if (part === 'items') recheck();
    },
  };
}
