import { CircleCheck } from 'lucide-react';
import { forgetCheckoutChoices } from '~/lib/checkout-choices';
import { useEffect } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { load } from '~/lib/route.server';
import { PaymentReturnQuerySchema } from '#core/checkout/schemas';
import { cart, useCart } from '~/lib/cart';
import { useHydrated } from '~/lib/use-hydrated';
import { shortOrderId } from '#core/notifications/messages';
import { formatNaira } from '#core/money';
import { DomainError } from '#core/errors';
import { getUserOrderByReference } from '#core/orders/service';
import type { Route } from './+types/order-success';

export const meta: Route.MetaFunction = () => [
  { title: 'Order Successful — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export const loader = load({
  auth: 'shopper',
  query: PaymentReturnQuerySchema,
  run: async ({ user, query, services: { db } }) => {
    try {
      const order = await getUserOrderByReference(db, user.id, query.reference ?? '');
      return {
        order:
          order.paymentStatus === 'success'
            ? { number: shortOrderId(order.id), totalKobo: order.totalKobo }
            : null,
      };
    } catch (error) {
      // No such order of theirs: the page thanks them without details. Anything else is a real fault.
      if (DomainError.is(error) && error.kind === 'not-found') return { order: null };
      throw error;
    }
  },
});

export default function OrderSuccessRoute() {
  const { order } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { count } = useCart();

  // A paid order's cart is done with: cleared once, so a product added afterwards (in another tab) stays.
  useEffect(() => {
    if (!hydrated || !order) return;
    cart.clear({ silent: true });
    forgetCheckoutChoices();
  }, [hydrated, order]);
  // Without a paid order, a cart still full goes back to checkout (spec §2).
  useEffect(() => {
    if (hydrated && !order && count > 0) navigate('/checkout', { replace: true });
  }, [hydrated, order, count, navigate]);

  if (!order && (!hydrated || count > 0)) return <Spinner label="Loading…" className="py-24" />;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
      <h1 className="mt-4 text-3xl font-bold">Order Successful!</h1>
      {order ? (
        <p className="mt-3 text-slate-700">
          Thank you. Your order #{order.number} ({formatNaira(order.totalKobo)}) is paid and we are preparing
          it now. A receipt is on its way to your e-mail.
        </p>
      ) : (
        <p className="mt-3 text-slate-700">Thank you for your order. You can follow it in your account.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/account?tab=orders" className={buttonClasses()}>
          View My Orders
        </Link>
        <Link to="/products" className={buttonClasses({ variant: 'outline' })}>
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
