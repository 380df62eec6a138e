import { Link, useLoaderData } from 'react-router';
import { ContactChoice } from '~/components/account/contact-choice';
import { CheckoutItems } from '~/components/checkout/checkout-items';
import { CheckoutNotices } from '~/components/checkout/checkout-notices';
import { CheckoutRefusal } from '~/components/checkout/checkout-refusal';
import { DeliverTo } from '~/components/checkout/deliver-to';
import { DeliverySection } from '~/components/checkout/delivery-section';
import { DeliverySlotPicker } from '~/components/checkout/delivery-slot-picker';
import { DiscountCodeField } from '~/components/checkout/discount-code-field';
import { CheckoutSummary } from '~/components/checkout/checkout-summary';
import { useCheckout } from '~/components/checkout/use-checkout';
import { WaitingOrderNotice } from '~/components/checkout/waiting-order-notice';
import type { OfflineNoteHandle } from '~/components/layout/offline-note';
import { Alert } from '~/components/ui/alert';
import { Spinner } from '~/components/ui/spinner';
import { act, load } from '~/lib/route.server';
import { ORDER_PROCESSING_ERROR } from '#core/checkout/deps';
import { readCheckoutPage } from '#core/checkout/page';
import { placeOrder } from '#core/checkout/place';
import { CHECKOUT_OFFLINE_NOTE } from '#core/checkout/pricing';
import { PaymentReturnQuerySchema, PlaceOrderSchema } from '#core/checkout/schemas';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export const loader = load({
  auth: 'shopper',
  query: PaymentReturnQuerySchema,
  run: async ({ user, query: { reference }, services: { payments, env, checkout } }) => ({
    ...(await readCheckoutPage(checkout, user.id, reference)),
    payment: {
      provider: payments.name,
      publicKey: payments.publicKey,
      inlineScriptUrl: env.PAYSTACK_INLINE_JS_URL,
    },
  }),
});

export const action = act({
  auth: 'shopper',
  json: PlaceOrderSchema,
  errorTitle: ORDER_PROCESSING_ERROR.title,
  run: ({ user, input: order, services: { checkout }, clientIp }) =>
    placeOrder(checkout, user.id, order, { clientAddress: clientIp }),
});

/** Checkout says itself what offline means (its own alert). */
export const handle: OfflineNoteHandle = { offlineNote: false };

export default function CheckoutRoute() {
  const page = useLoaderData<typeof loader>();
  const { profile, missing, locations, now, payment } = page;
  const checkout = useCheckout(page);
  const { choices, choose, refusalOf, price, order } = checkout;

  if (!checkout.ready) {
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

  const itemsRefusal = refusalOf('items');
  const slotRefusal = refusalOf('delivery-slot');
  const methodRefusal = refusalOf('delivery-method', 'pickup-point');
  const codeRefusal = refusalOf('discount-code');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <CheckoutNotices missing={missing} cartNeedsChange={checkout.cartNeedsChange} />
      <WaitingOrderNotice cartsOrder={checkout.cartsOrder} otherOrder={checkout.otherOrder} />
      {checkout.online ? null : (
        <Alert tone="warning" title="Checkout needs a connection" className="mt-4">
          {CHECKOUT_OFFLINE_NOTE}
        </Alert>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <CheckoutItems items={checkout.items} totalWeightGrams={price.totalWeightGrams} />
          {itemsRefusal ? (
            <CheckoutRefusal refusal={itemsRefusal}>
              {' '}
              <Link to="/cart" className="font-semibold underline">
                Review your cart
              </Link>
              .
            </CheckoutRefusal>
          ) : null}

          <DeliverySection
            location={choices.location}
            onLocationChange={choose.location}
            locations={locations}
            method={choices.method}
            onMethodChange={choose.method}
            order={order}
            pickupLocations={checkout.pickupLocations}
            pickupLocation={choices.pickupLocation}
            onPickupLocationChange={choose.pickupLocation}
            shelfLife={checkout.shelfLife}
            slotPicker={
              checkout.slotNeeded ? (
                <>
                  {slotRefusal ? <CheckoutRefusal refusal={slotRefusal} className="mb-3" /> : null}
                  <DeliverySlotPicker
                    slots={checkout.locationSlots}
                    // A refused slot is shown unchosen: the buyer chooses one again (the same, if it is the only one).
                    value={checkout.chosenSlot && !slotRefusal ? choices.slot : ''}
                    onChange={choose.slot}
                    lastDay={checkout.lastDay}
                    now={new Date(now)}
                    location={choices.location}
                  />
                </>
              ) : null
            }
          />
          {methodRefusal ? <CheckoutRefusal refusal={methodRefusal} /> : null}

          <DeliverTo profile={profile} />

          <section className="rounded-lg border border-slate-200 bg-white p-5">
            <ContactChoice card phone={profile.phone} value={choices.contact} onChange={choose.contact} />
          </section>

          <DiscountCodeField
            code={choices.code}
            onCodeChange={choose.code}
            discount={checkout.discount}
            onApply={checkout.applyNow}
          />
          {codeRefusal ? <CheckoutRefusal refusal={codeRefusal} /> : null}
        </div>

        <CheckoutSummary checkout={checkout} payment={payment} />
      </div>
    </div>
  );
}
