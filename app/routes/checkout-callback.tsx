import { Clock } from 'lucide-react';
import { Link, redirect, useLoaderData } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { load } from '~/lib/route.server';
import { PaymentReturnQuerySchema } from '#core/checkout/schemas';
import { redirectWithToast } from '~/lib/toast.server';
import { settleOwnPayment } from '#core/checkout/settle';
import type { Route } from './+types/checkout-callback';

export const meta: Route.MetaFunction = () => [
  { title: 'Confirming your payment — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/**
 * Where the shopper returns from paying (Paystack's redirect or popup, or the demo page). Reaching
 * this page proves nothing: the payment is verified with the provider before anything changes.
 */
export const loader = load({
  auth: 'shopper',
  query: PaymentReturnQuerySchema,
  run: async ({ user, query, context, services: { checkout } }) => {
    const reference = query.reference ?? query.trxref ?? '';
    const settled = await settleOwnPayment(checkout, user.id, reference);
    // Checkout again with this order's delivery, pickup point and code as the shopper chose them.
    const backToCheckout = `/checkout?reference=${encodeURIComponent(reference)}`;
    if (settled === 'paid') {
      return redirectWithToast(context, `/order-success?reference=${encodeURIComponent(reference)}`, {
        type: 'success',
        title: 'Order Placed Successfully',
        description: 'Thank you for your purchase!',
      });
    }
    if (settled === 'failed') {
      return redirectWithToast(context, backToCheckout, {
        type: 'error',
        title: 'Payment not completed',
        description:
          'Your payment was declined or cancelled, so nothing was charged. Your cart is as you left it.',
      });
    }
    if (settled === 'mismatch') {
      return redirectWithToast(context, backToCheckout, {
        type: 'error',
        title: 'Payment could not be matched',
        description:
          'The amount paid does not match this order, so the order was not placed. Any money taken will be refunded; please contact us if you have questions.',
      });
    }
    if (query.cancelled !== undefined) return redirect(backToCheckout);
    return { reference, unverified: settled === 'unverified' };
  },
});

export default function CheckoutCallbackRoute() {
  const { reference, unverified } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Clock aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
      <h1 className="mt-4 text-2xl font-bold">Waiting for your payment</h1>
      <p className="mt-3 text-slate-700">
        {unverified
          ? 'We could not reach the payment provider just now to confirm your payment.'
          : 'Your payment has not been confirmed yet. A bank transfer or USSD payment can take a few minutes.'}{' '}
        We will confirm your order as soon as it arrives; nothing is charged twice.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={`/checkout/callback?reference=${encodeURIComponent(reference)}`}
          reloadDocument
          className={buttonClasses()}
        >
          Check again
        </Link>
        <Link to="/account?tab=orders" className={buttonClasses({ variant: 'outline' })}>
          View My Orders
        </Link>
      </div>
    </section>
  );
}
