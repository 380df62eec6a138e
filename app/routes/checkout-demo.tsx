import { FlaskConical } from 'lucide-react';
import { Form, redirect, useLoaderData, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import type { SessionUser } from '~/lib/auth/session.server';
import { act, load, type RunArgs } from '~/lib/route.server';
import type { Services } from '#server/services';
import { NotFound } from '#core/errors';
import { DemoPaymentDecisionSchema } from '#core/checkout/schemas';
import { shortOrderId } from '#core/notifications/messages';
import { formatNaira } from '#core/money';
import { findOwnOrder, getUserOrderByReference } from '#core/orders/service';
import { decideDemoPayment } from '#core/payments/demo';
import type { Route } from './+types/checkout-demo';

export const meta: Route.MetaFunction = () => [
  { title: 'Demo payment — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/** The signed-in shopper's own order with this reference, read by `read`, while payments are the demo's. */
async function demoOrder<Order>(
  { user, services }: RunArgs & { user: SessionUser },
  read: (db: Services['db'], userId: string) => Promise<Order>,
): Promise<Order> {
  if (services.payments.name !== 'demo') throw new NotFound('Demo payments are off.');
  return read(services.db, user.id);
}

export const loader = load({
  auth: 'shopper',
  run: async (args) => {
    const order = await demoOrder(args, (db, userId) =>
      getUserOrderByReference(db, userId, args.params.reference ?? ''),
    );
    if (order.paymentStatus !== 'pending')
      throw redirect(`/checkout/callback?reference=${encodeURIComponent(order.paymentReference)}`);
    return {
      reference: order.paymentReference,
      number: shortOrderId(order.id),
      totalKobo: order.totalKobo,
      lines: order.items.length,
    };
  },
});

export const action = act({
  auth: 'shopper',
  form: DemoPaymentDecisionSchema,
  invalidMessage: 'Choose Pay or Decline.',
  run: async (args) => {
    // Deciding needs the order's payment, not its items.
    const order = await demoOrder(args, (db, userId) =>
      findOwnOrder(db, userId, args.params.reference ?? ''),
    );
    const callback = `/checkout/callback?reference=${encodeURIComponent(order.paymentReference)}`;
    // An order that was already paid, declined or expired takes no new decision.
    if (order.paymentStatus !== 'pending') return redirect(callback);
    await decideDemoPayment(
      args.services.db,
      order.paymentReference,
      args.input.decision === 'pay' ? 'success' : 'failed',
    );
    // The same way back as from a real provider: the callback verifies what happened.
    return redirect(callback);
  },
});

export default function DemoPaymentRoute() {
  const { number, totalKobo, lines } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border-2 border-dashed border-amber-400 bg-white p-6 shadow-sm">
        <p className="flex items-center gap-2 text-sm font-bold tracking-wide text-amber-800 uppercase">
          <FlaskConical aria-hidden="true" className="h-5 w-5" /> Demo mode
        </p>
        <h1 className="mt-2 text-2xl font-bold">Demo payment — no money moves</h1>
        <Alert tone="warning" className="mt-4">
          This shop has no payment keys configured, so this page stands in for the card payment. Choose what
          the bank would answer.
        </Alert>
        <dl className="mt-5 space-y-1 text-slate-800">
          <div className="flex justify-between">
            <dt>Order</dt>
            <dd>#{number}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Items</dt>
            <dd>{lines}</dd>
          </div>
          <div className="flex justify-between text-lg font-bold">
            <dt>Amount</dt>
            <dd>{formatNaira(totalKobo)}</dd>
          </div>
        </dl>
        <Form method="post" className="mt-6 grid grid-cols-2 gap-3">
          <Button type="submit" name="decision" value="pay" size="lg" disabled={busy}>
            Pay
          </Button>
          <Button type="submit" name="decision" value="decline" size="lg" variant="outline" disabled={busy}>
            Decline
          </Button>
        </Form>
      </div>
    </section>
  );
}
