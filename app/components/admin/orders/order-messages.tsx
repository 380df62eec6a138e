import { formatAdminDateTime } from '~/lib/dates';
import type { MessageView } from '#core/messages/history';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS } from '#core/messages/templates';
import { displayPhone } from '#core/phone-display';

/** Where a message is, in the owner's words. */
const STATUS_LABELS: Record<MessageView['status'], string> = {
  queued: 'Waiting to be sent',
  sending: 'Sending',
  accepted: 'Sent to the provider',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  unconfirmed: 'Not confirmed',
  cancelled: 'Not needed',
};

/** Which way it went: the provider, or the outbox when the channel's credentials are not set. */
function transportNote(message: MessageView): string | null {
  if (message.transport !== 'outbox') return null;
  return `written to the outbox (${message.channel === 'whatsapp' ? 'WHATSAPP_*' : 'TERMII_*'} not set)`;
}

/**
 * The order's WhatsApp and SMS messages (issue 35), oldest first: what each told, by which channel to
 * which number, and where it is (the provider's reports), with the reason of a failure.
 */
export function OrderMessages({ messages }: { messages: MessageView[] }) {
  return (
    <section aria-labelledby="order-messages">
      <h3 id="order-messages" className="mb-2 font-semibold">
        Messages
      </h3>
      {messages.length === 0 ? (
        <p className="text-slate-700">No WhatsApp or SMS messages for this order.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200">
          {messages.map((message) => {
            const note = transportNote(message);
            return (
              <li key={message.id} className="space-y-1 p-2">
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-medium">
                    {MESSAGE_CHANNEL_LABELS[message.channel]} · {MESSAGE_KIND_LABELS[message.kind]}
                  </span>
                  <span
                    className={message.status === 'failed' ? 'font-medium text-red-700' : 'text-slate-700'}
                  >
                    {STATUS_LABELS[message.status]}
                    {note ? ` · ${note}` : ''}
                  </span>
                </p>
                <p className="text-slate-600">
                  {message.toPhone ? `To ${displayPhone(message.toPhone)} · ` : ''}
                  <time dateTime={new Date(message.updatedAt).toISOString()}>
                    {formatAdminDateTime(message.updatedAt)}
                  </time>
                  {message.fallbackOf ? ' · in place of the WhatsApp message' : ''}
                </p>
                {message.status === 'failed' && message.errorDetail ? (
                  <p className="text-red-700">{message.errorDetail}</p>
                ) : null}
                <p className="break-words text-slate-700">{message.body}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
