import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { toast } from '~/lib/toasts';
import { CheckoutItems } from '~/components/checkout/checkout-items';
import { CheckoutNotices } from '~/components/checkout/checkout-notices';
import { DeliverTo } from '~/components/checkout/deliver-to';
import { ContactChoice } from '~/components/account/contact-choice';
import { DeliverySection, usePickupLocations } from '~/components/checkout/delivery-section';
import { DiscountCodeField, useDiscountCode } from '~/components/checkout/discount-code-field';
import { OrderSummaryCard } from '~/components/checkout/order-summary';
import { PaymentButton } from '~/components/checkout/payment-button';
import { CheckoutRefusal, type Refusal } from '~/components/checkout/checkout-refusal';
import type { ActionFailure } from '~/lib/action-result';
import { refusedPart, type RefusedPart } from '#core/checkout/refusals';
import { Alert } from '~/components/ui/alert';
import { Spinner } from '~/components/ui/spinner';
import { useCart } from '~/lib/cart';
import { useOnline } from '~/lib/offline';
import type { OfflineNoteHandle } from '~/components/layout/offline-note';
import { useFreshPrices } from '~/lib/use-fresh-prices';
import { useHydrated } from '~/lib/use-hydrated';
import { getProfile } from '#core/accounts/service';
import { blockingChanges } from '#core/cart/rules';
import { waitingOrdersForCart } from '#core/checkout/waiting-rules';
import { methodForShelfLife, methodRefusal } from '#core/delivery/shelf-life';
import { waitingOrdersOf, waitingOrderView } from '#core/checkout/waiting';
import type { CheckoutChoices } from '#core/checkout/choices';
import { useCheckoutChoices } from '~/lib/checkout-choices';
import { WaitingOrderNotice } from '~/components/checkout/waiting-order-notice';
import {
  CHECKOUT_OFFLINE_NOTE,
  freeDeliveryNote,
  payBlockNotes,
  payBlockers,
  priceOrder,
  type RateFacts,
} from '#core/checkout/pricing';
import { PaymentReturnQuerySchema, PlaceOrderSchema } from '#core/checkout/schemas';
import { choicesOfUnpaidOrder } from '#core/checkout/choices';
import { loadRates } from '#core/delivery/management';
import { ORDER_PROCESSING_ERROR } from '#core/checkout/deps';
import { placeOrder } from '#core/checkout/place';
import { HOME_LOCATION, locationSuggestions } from '#core/delivery/methods';
import { formatNaira } from '#core/money';
import { offerSlots } from '#core/delivery/slot-bookings';
import {
  lagosDay,
  lastDeliveryDay,
  needsSlot,
  slotsOfLocation,
  type OfferedSlot,
} from '#core/delivery/slots';
import { DeliverySlotPicker, slotChoosable, slotKey } from '~/components/checkout/delivery-slot-picker';
import type { Route } from './+types/checkout';
import { act, load } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export const loader = load({
  auth: 'shopper',
  query: PaymentReturnQuerySchema,
  run: async ({ user, query: { reference }, services: { db, payments, env, logger, checkout } }) => {
    const now = checkout.now?.() ?? new Date();
    const profile = await getProfile(db, user.id);
    // Back from a payment that did not go through (/checkout/callback): its order's choices again.
    const resumed = reference ? await choicesOfUnpaidOrder(db, user.id, reference) : null;
    // The buyer's orders waiting for payment: the cart's own is resumed, another is theirs to pay or cancel.
    const waiting = (await waitingOrdersOf(db, user.id, payments.name, now)).map(waitingOrderView);
    let rates: RateFacts[] = [];
    let ratesFailed = false;
    try {
      rates = await loadRates(db);
    } catch (error) {
      // Spec §8: without stored rates checkout still works on the default rates, and says so.
      logger.error({ err: error }, 'could not load delivery rates');
      ratesFailed = true;
    }
    let slots: OfferedSlot[] = [];
    try {
      slots = await offerSlots(db, now);
    } catch (error) {
      // Without the slots, a method that needs one cannot be paid for; the others still can.
      logger.error({ err: error }, 'could not load delivery slots');
    }
    const locations = locationSuggestions(rates.map((r) => r.location));
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
      locations,
      slots,
      now: now.toISOString(),
      payment: {
        provider: payments.name,
        publicKey: payments.publicKey,
        inlineScriptUrl: env.PAYSTACK_INLINE_JS_URL,
      },
    };
  },
});

export const action = act({
  auth: 'shopper',
  json: PlaceOrderSchema,
  errorTitle: ORDER_PROCESSING_ERROR.title,
  run: ({ user, input: order, services: { checkout }, clientIp }) =>
    placeOrder(checkout, user.id, order, { clientAddress: clientIp }),
});

/** An order's checkout choices as the page keeps them. */
const choicesState = (c: CheckoutChoices & { deliverySlot?: string }) => ({
  location: c.deliveryLocation,
  method: c.deliveryMethod,
  pickupLocation: c.pickupLocation,
  code: c.discountCode,
  slot: c.deliverySlot ?? '',
});

/** Checkout says itself what offline means (its own alert). */
export const handle: OfflineNoteHandle = { offlineNote: false };

export default function CheckoutRoute() {
  const {
    profile,
    contact: chosenContact,
    missing,
    resumed,
    waiting,
    rates,
    ratesFailed,
    locations,
    slots,
    now,
    payment,
  } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { items } = useCart();
  const { changes, shelfLife, checking, recheck } = useFreshPrices();
  const online = useOnline();
  const [placing, setPlacing] = useState(false);
  // The server's refusal of the last Pay, shown beside what it is about until the buyer changes that.
  const [refusal, setRefusal] = useState<(Refusal & { part: RefusedPart | null }) | null>(null);
  const lines = useMemo(() => items.map((i) => ({ productId: i.id, quantity: i.quantity })), [items]);
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
  const { location, method, pickupLocation, code, slot, contact, idempotencyKey } = memory.choices;
  const { setLocation, setMethod, setPickupLocation, setCode, setSlot, setContact } = memory;
  /** The buyer changed one of `parts`: a refusal about it is resolved. */
  const resolve = useCallback(
    (...parts: RefusedPart[]) => setRefusal((r) => (r?.part && parts.includes(r.part) ? null : r)),
    [],
  );
  const refused = (failure: ActionFailure) => {
    const part = refusedPart({ title: failure.error.title, fieldErrors: failure.fieldErrors });
    setRefusal({ part, title: failure.error.title, message: failure.error.message });
    // Less stock than the page thought: the cart's products are read again, so it shows what is left.
    if (part === 'items') recheck();
  };
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

  if (!hydrated || items.length === 0 || !memory.ready) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <Spinner label="Loading your order…" className="py-16" />
        <noscript>
          <p className="text-center text-slate-700">
            Checkout needs JavaScript: your cart is kept in this browser.
          </p>
        </noscript>
      </div>
    );
  }

  const applied = discount.status === 'valid' ? discount.discount : null;
  const order = {
    lines: items.map((i) => ({ priceKobo: i.priceKobo, quantity: i.quantity, weightGrams: i.weightGrams })),
    rates,
    location,
  };
  const price = priceOrder({ method, discount: applied, ...order });
  const freeNote = freeDeliveryNote(price, location, formatNaira);
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

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <CheckoutNotices missing={missing} cartNeedsChange={blocked.length > 0} />
      <WaitingOrderNotice cartsOrder={cartsOrder} otherOrder={otherOrder} />
      {online ? null : (
        <Alert tone="warning" title="Checkout needs a connection" className="mt-4">
          {CHECKOUT_OFFLINE_NOTE}
        </Alert>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <CheckoutItems items={items} totalWeightGrams={price.totalWeightGrams} />
          {refusal?.part === 'items' ? (
            <CheckoutRefusal refusal={refusal}>
              {' '}
              <Link to="/cart" className="font-semibold underline">
                Review your cart
              </Link>
              .
            </CheckoutRefusal>
          ) : null}

          <DeliverySection
            location={location}
            onLocationChange={(chosen) => {
              resolve('delivery-method', 'pickup-point', 'delivery-slot');
              setLocation(chosen);
            }}
            locations={locations}
            method={method}
            onMethodChange={(chosen) => {
              resolve('delivery-method', 'pickup-point', 'delivery-slot');
              setMethod(chosen);
            }}
            order={order}
            pickupLocations={pickupLocations}
            pickupLocation={pickupLocation}
            onPickupLocationChange={(chosen) => {
              resolve('pickup-point');
              setPickupLocation(chosen);
            }}
            shelfLife={shelfLife}
            slotPicker={
              slotNeeded ? (
                <>
                  {refusal?.part === 'delivery-slot' ? (
                    <CheckoutRefusal refusal={refusal} className="mb-3" />
                  ) : null}
                  <DeliverySlotPicker
                    slots={locationSlots}
                    value={chosenSlot ? slot : ''}
                    onChange={(chosen) => {
                      resolve('delivery-slot');
                      setSlot(chosen);
                    }}
                    lastDay={lastDay}
                    now={new Date(now)}
                    location={location}
                  />
                </>
              ) : null
            }
          />
          {refusal?.part === 'delivery-method' || refusal?.part === 'pickup-point' ? (
            <CheckoutRefusal refusal={refusal} />
          ) : null}

          <DeliverTo profile={profile} />

          <section className="rounded-lg border border-slate-200 bg-white p-5">
            <ContactChoice card phone={profile.phone} value={contact} onChange={setContact} />
          </section>

          <DiscountCodeField
            code={code}
            onCodeChange={(typed) => {
              resolve('discount-code');
              setCode(typed);
            }}
            discount={discount}
            onApply={applyNow}
          />
          {refusal?.part === 'discount-code' ? <CheckoutRefusal refusal={refusal} /> : null}
        </div>

        <OrderSummaryCard
          title="Order summary"
          className="lg:sticky lg:top-20"
          subtotalKobo={price.subtotalKobo}
          delivery={{
            method,
            feeKobo: price.deliveryFee.feeKobo,
            free: applied?.type === 'free_delivery' || price.freeDelivery?.reached === true,
            blocks: price.deliveryFee.blocks,
            remainderGrams: price.deliveryFee.remainderGrams,
          }}
          discount={{ kobo: price.discountKobo, freeDelivery: false }}
          totalKobo={price.totalKobo}
        >
          <div className="mt-4 space-y-4">
            {freeNote ? (
              <p className={`text-sm ${price.freeDelivery?.reached ? 'text-green-800' : 'text-slate-700'}`}>
                {freeNote}
              </p>
            ) : null}
            {refusal && refusal.part === null ? <CheckoutRefusal refusal={refusal} /> : null}
            {payBlockNotes(blockers).map((note) => (
              <p key={note} className="text-sm text-amber-800">
                {note}
              </p>
            ))}
            <PaymentButton
              disabled={blockers.length > 0 || blocked.length > 0 || Boolean(refusal?.part)}
              totalKobo={price.totalKobo}
              payment={payment}
              idempotencyKey={idempotencyKey}
              order={{
                items: lines,
                deliveryMethod: method,
                deliveryLocation: location,
                pickupLocation,
                discountCode: applied ? code : undefined,
                deliverySlot: slotNeeded && chosenSlot ? slot : undefined,
                contact,
              }}
              onPlacing={(now) => {
                setPlacing(now);
                if (now) setRefusal(null);
              }}
              onRefused={refused}
            />
            <p className="text-xs text-slate-600">
              {payment.provider === 'paystack'
                ? 'You pay securely with Paystack: card, bank transfer or USSD. Your order is confirmed once the payment is verified.'
                : 'Demo payments are on: no money moves.'}
            </p>
            <Link
              to="/cart"
              className="block text-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Return to Cart
            </Link>
          </div>
        </OrderSummaryCard>
      </div>
    </div>
  );
}
