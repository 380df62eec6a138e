import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { CheckoutRefusal } from '~/components/checkout/checkout-refusal';
import { OrderSummaryCard } from '~/components/checkout/order-summary';
import { PaymentButton } from '~/components/checkout/payment-button';
import type { useCheckout } from '~/components/checkout/use-checkout';
import { payBlockNotes } from '#core/checkout/pricing';

/** The order's price and the Pay button, beside the choices (sticky on a wide screen). */
export function CheckoutSummary({
  checkout: { price, applied, choices, freeNote, blockers, refusalOf, ...checkout },
  payment,
}: {
  checkout: ReturnType<typeof useCheckout>;
  payment: ComponentProps<typeof PaymentButton>['payment'];
}) {
  const refusal = refusalOf(null);
  return (
    <OrderSummaryCard
      title="Order summary"
      className="lg:sticky lg:top-20"
      subtotalKobo={price.subtotalKobo}
      delivery={{
        method: choices.method,
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
        {refusal ? <CheckoutRefusal refusal={refusal} /> : null}
        {payBlockNotes(blockers).map((note) => (
          <p key={note} className="text-sm text-amber-800">
            {note}
          </p>
        ))}
        <PaymentButton
          disabled={checkout.payDisabled}
          totalKobo={price.totalKobo}
          payment={payment}
          idempotencyKey={choices.idempotencyKey}
          order={{
            items: checkout.lines,
            deliveryMethod: choices.method,
            deliveryLocation: choices.location,
            pickupLocation: choices.pickupLocation,
            discountCode: applied ? choices.code : undefined,
            deliverySlot: checkout.slotNeeded && checkout.chosenSlot ? choices.slot : undefined,
            contact: choices.contact,
          }}
          onPlacing={checkout.onPlacing}
          onRefused={checkout.onRefused}
        />
        <p className="text-xs text-slate-600">
          {payment.provider === 'paystack'
            ? 'You pay securely with Paystack: card, bank transfer or USSD. Your order is confirmed once the payment is verified.'
            : 'Demo payments are on: no money moves.'}
        </p>
        <Link to="/cart" className="block text-center text-sm font-semibold text-brand-700 hover:underline">
          Return to Cart
        </Link>
      </div>
    </OrderSummaryCard>
  );
}
