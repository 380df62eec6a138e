import { AlertTriangle, CheckCircle2, Clock, Package, RotateCcw, Users } from 'lucide-react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import * as z from 'zod/mini';
import { OpenClaims } from '~/components/admin/claims';
import { SalesChart } from '~/components/admin/sales-chart';
import { OrderStateBadges } from '~/components/orders/order-badges';
import { Button, buttonClasses } from '~/components/ui/button';

import { act, load } from '~/lib/route.server';
import { formatShopperDate, formatAdminDateTime } from '~/lib/dates';
import { useActionResult } from '~/lib/use-action-result';
import { countUsers } from '#core/accounts/service';
import { countProducts } from '#core/catalog/service';
import { failedJobs, JOB_MESSAGES, retryFailedJob, type FailedJob } from '#core/jobs/failures';
import { failedMessages, type FailedMessage } from '#core/messages/history';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS } from '#core/messages/templates';
import { displayPhone } from '#core/phone-display';
import { JobActionSchema } from '#core/jobs/schemas';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import { approveClaim, declineClaim, openClaims } from '#core/orders/claims';
import { REFUND_WAITING } from '#core/orders/refunds';
import { countOrdersForDashboard, latestPaidOrders, salesByDay } from '#core/orders/reports';
import { ClaimDecisionSchema } from '#core/orders/schemas';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: async ({ admin, services: { db } }) => {
    const [products, users, orders, sales, latest, failed, claims, failedTexts] = await Promise.all([
      countProducts(db),
      countUsers(db, admin),
      countOrdersForDashboard(db, admin),
      salesByDay(db, admin),
      latestPaidOrders(db, admin),
      failedJobs(db, admin),
      openClaims(db, admin),
      failedMessages(db, admin),
    ]);
    return { counts: { products, users, ...orders }, sales, latest, failed, claims, failedTexts };
  },
});

export const action = act({
  auth: 'admin',
  // The dashboard's two kinds of form: retry a failed job, or decide a freshness claim.
  form: z.discriminatedUnion('intent', [JobActionSchema, ClaimDecisionSchema]),
  // An approved claim refunds the buyer: money moves (issue 52 §2).
  fresh: (input) => input.intent === 'claim-approve',
  run: async ({ admin, input, services: { db, jobs, checkout } }) => {
    if (input.intent === 'claim-decline') {
      await declineClaim(checkout, admin, input);
      return { toast: { title: 'Claim declined', description: 'The buyer has been told why.' } };
    }
    if (input.intent === 'claim-approve') {
      const outcome = await approveClaim(checkout, admin, input);
      return {
        toast: {
          title: 'Claim approved',
          description:
            outcome === 'requested'
              ? REFUND_WAITING
              : 'The buyer has been told, and the claimed items are refunded to them.',
        },
      };
    }
    await retryFailedJob(db, jobs, admin, input);
    return { toast: { title: JOB_MESSAGES.retried } };
  },
});

/**
 * WhatsApp and SMS messages that reached the buyer by no way (issue 35): refused by the provider, or no
 * number to send to. Each opens its order, where its reason and the buyer's number are.
 */
function FailedMessages({ total, messages }: { total: number; messages: FailedMessage[] }) {
  return (
    <section
      id="failed-messages"
      aria-labelledby="failed-messages-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="failed-messages-heading" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-5 w-5 text-red-700" />
        Messages that failed
        <span className="rounded-full bg-slate-100 px-2 text-sm font-medium text-slate-700">{total}</span>
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        These buyers were not reached on WhatsApp or by SMS (the e-mail went as usual).
        {total > messages.length ? ` The newest ${messages.length} of ${total} are shown.` : null}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 text-sm">
        {messages.map((message) => (
          <li key={message.id} className="py-3">
            <p className="font-medium">
              {MESSAGE_CHANNEL_LABELS[message.channel]} · {MESSAGE_KIND_LABELS[message.kind]} ·{' '}
              {message.orderId ? (
                <Link to={`/admin/orders?order=${message.orderId}`} className="text-brand-700 underline">
                  order #{shortOrderId(message.orderId)}
                </Link>
              ) : (
                'farm reminder'
              )}
            </p>
            {message.errorDetail ? <p className="break-words text-red-800">{message.errorDetail}</p> : null}
            <p className="text-slate-600">
              {message.toPhone ? `To ${displayPhone(message.toPhone)} · ` : ''}
              <time dateTime={new Date(message.failedAt).toISOString()}>
                {formatAdminDateTime(message.failedAt)}
              </time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Background jobs that used up their retries (an e-mail the mail server kept refusing…): retry them. */
function FailedJobs({ total, jobs }: { total: number; jobs: FailedJob[] }) {
  const navigation = useNavigation();
  const retrying = navigation.state === 'submitting' ? navigation.formData?.get('jobId') : null;
  return (
    <section
      id="failed-jobs"
      aria-labelledby="failed-jobs-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="failed-jobs-heading" className="flex items-center gap-2 font-semibold">
        {total > 0 ? <AlertTriangle aria-hidden="true" className="h-5 w-5 text-red-700" /> : null}
        Background jobs that failed
        <span className="rounded-full bg-slate-100 px-2 text-sm font-medium text-slate-700">{total}</span>
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          None: every e-mail, payment check and order expiry has gone through.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            These kept failing after every retry. Fix the cause (the mail server, the payment provider), then
            retry them.
            {total > jobs.length ? ` The newest ${jobs.length} of ${total} are shown.` : null}
          </p>
          <ul className="mt-3 divide-y divide-slate-200 text-sm">
            {jobs.map((job) => (
              <li key={job.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="break-words font-medium">{job.summary}</p>
                  <p className="break-words text-red-800">{job.error}</p>
                  <p className="text-slate-600">
                    Failed on{' '}
                    <time dateTime={new Date(job.failedAt).toISOString()}>
                      {formatAdminDateTime(job.failedAt)}
                    </time>
                    {`, after ${job.tries} ${job.tries === 1 ? 'try' : 'tries'}`}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry-job" />
                  <input type="hidden" name="queue" value={job.queue} />
                  <input type="hidden" name="jobId" value={job.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={retrying === job.id}
                    aria-label={`Retry: ${job.summary}`}
                  >
                    <RotateCcw aria-hidden="true" className="h-4 w-4" /> Retry
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function AdminDashboard() {
  const { counts, sales, latest, failed, claims, failedTexts } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const cards = [
    { label: 'Total products', value: counts.products, icon: Package },
    { label: 'Registered users', value: counts.users, icon: Users },
    {
      label: 'Pending orders',
      value: counts.waiting,
      icon: Clock,
      hint: 'Paid and waiting to be processed',
      to: '/admin/orders?status=pending&payment=paid',
    },
    {
      label: 'Fulfilled orders',
      value: counts.fulfilled,
      icon: CheckCircle2,
      hint: 'Delivered',
      to: '/admin/orders?status=delivered',
    },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <card.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <p className="mt-2 text-sm text-slate-600">{card.label}</p>
            <p className="text-3xl font-bold">{card.value}</p>
            {card.hint ? (
              <p className="mt-1 text-xs text-slate-600">
                {card.to ? (
                  <Link to={card.to} className="underline hover:text-brand-700">
                    {card.hint}
                  </Link>
                ) : (
                  card.hint
                )}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="quick-actions"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="quick-actions" className="font-semibold">
          Quick actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/admin/products" className={buttonClasses()}>
            Manage products
          </Link>
          <Link to="/admin/orders" className={buttonClasses({ variant: 'outline' })}>
            View orders
          </Link>
          <Link to="/admin/activity" className={buttonClasses({ variant: 'outline' })}>
            View activity
          </Link>
        </div>
      </section>
      <OpenClaims total={claims.total} claims={claims.claims} fieldErrors={fieldErrors} />
      <FailedJobs total={failed.total} jobs={failed.jobs} />
      {failedTexts.total > 0 ? (
        <FailedMessages total={failedTexts.total} messages={failedTexts.messages} />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="sales"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="sales" className="mb-3 font-semibold">
            Paid revenue per day
          </h2>
          <p className="-mt-2 mb-3 text-xs text-slate-600">
            Orders by the day they were paid, less what was refunded of them.
          </p>
          <SalesChart days={sales} />
        </section>
        <section
          aria-labelledby="latest"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="latest" className="mb-3 font-semibold">
            Latest paid orders
          </h2>
          {latest.length === 0 ? (
            <p className="text-sm text-slate-700">No orders found</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm">
              {latest.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <Link
                    to={`/admin/orders?order=${order.id}`}
                    className="font-mono font-medium text-brand-700 underline"
                  >
                    #{shortOrderId(order.id)}
                  </Link>
                  {/* Room for a name ('Te…' said nothing): the rest wraps under it instead. */}
                  <span className="min-w-24 flex-1 truncate">{order.recipient}</span>
                  <span className="font-medium">{formatNaira(order.totalKobo)}</span>
                  {order.paidAt ? (
                    <time className="text-slate-600" dateTime={new Date(order.paidAt).toISOString()}>
                      {formatShopperDate(order.paidAt)}
                    </time>
                  ) : null}
                  {/* Both: a refund since payment is news the owner should see here too. The pair wraps as
                      one, onto a line of its own where the row is full. */}
                  <span className="flex flex-wrap gap-2">
                    <OrderStateBadges words={order.words} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
