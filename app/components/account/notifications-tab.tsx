import { Bell, CircleX, Clock, PackageCheck, Truck } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { timeAgo } from '~/lib/relative-time';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { notificationKind, shortOrderId } from '#core/notifications/messages';

interface NotificationView {
  id: number;
  message: string;
  /** The order it is about: the notification links its page ("Order #7ef7b748"). */
  orderId: string | null;
  isRead: boolean;
  createdAt: Date | string;
}

const ICONS = { delivered: PackageCheck, shipped: Truck, processing: Clock, cancelled: CircleX, other: Bell };

function MarkRead({ id }: { id: number }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(settledData(fetcher));
  return (
    <fetcher.Form method="post" action="/account?tab=notifications">
      <input type="hidden" name="intent" value="mark-read" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="link" size="sm" disabled={fetcher.state !== 'idle'}>
        Mark as read
      </Button>
    </fetcher.Form>
  );
}

export function NotificationsTab({
  notifications,
  now,
}: {
  notifications: NotificationView[];
  now: Date | string;
}) {
  const unread = notifications.filter((n) => !n.isRead);
  const markAll = useFetcher<ActionResult>();
  useActionResult(settledData(markAll));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Notifications</h2>
        {unread.length > 0 ? (
          <markAll.Form method="post" action="/account?tab=notifications">
            <input type="hidden" name="intent" value="mark-all-read" />
            <Button type="submit" variant="outline" size="sm" disabled={markAll.state !== 'idle'}>
              Mark all as read
            </Button>
          </markAll.Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-800">
          No notifications yet.
        </p>
      ) : (
        <>
          {unread.length === 0 ? <p className="text-slate-700">No unread notifications.</p> : null}
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {notifications.map((n) => {
              const Icon = ICONS[notificationKind(n.message)];
              return (
                <li key={n.id} className={n.isRead ? 'flex gap-3 p-4' : 'flex gap-3 bg-brand-50 p-4'}>
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <div className="min-w-0 flex-1">
                    <p className={n.isRead ? 'text-slate-800' : 'font-semibold text-slate-900'}>
                      {n.isRead ? null : <span className="sr-only">Unread: </span>}
                      {n.message}
                    </p>
                    <p className="text-sm text-slate-600">
                      {n.orderId ? (
                        <>
                          <Link
                            to={`/account/orders/${n.orderId}`}
                            className="font-medium text-brand-700 underline hover:text-brand-800"
                          >
                            Order #{shortOrderId(n.orderId)}
                          </Link>
                          {' · '}
                        </>
                      ) : null}
                      <time dateTime={new Date(n.createdAt).toISOString()}>{timeAgo(n.createdAt, now)}</time>
                    </p>
                  </div>
                  {n.isRead ? null : <MarkRead id={n.id} />}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
