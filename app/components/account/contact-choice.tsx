import {
  CONTACT_CHANNELS,
  CONTACT_LABELS,
  contactWording,
  FARM_REMINDER_LABELS,
  type ConsentTopic,
  type ContactChannel,
} from '#core/messages/contact';

const LEGEND: Record<ConsentTopic, string> = { orders: 'Order updates', farm: 'Farm reminders' };
const NOTE: Record<ConsentTopic, string> = {
  orders: "Every order's receipt and news also go to your e-mail.",
  farm: 'For every farm you own. At most one message of a kind a day, none between 9 pm and 7 am.',
};
const LABELS: Record<ConsentTopic, Record<ContactChannel, string>> = {
  orders: CONTACT_LABELS,
  farm: FARM_REMINDER_LABELS,
};

/**
 * How the buyer wants to hear about their orders beside e-mail: WhatsApp, SMS or e-mail only, each with
 * the sentence stored as their consent (core/messages/consent.ts). Controlled at checkout (`value`),
 * a plain form field on the profile (`defaultValue`). The `farm` topic is a farm owner's reminders
 * (WhatsApp, SMS or none).
 */
export function ContactChoice({
  phone,
  value,
  defaultValue,
  onChange,
  error,
  card = false,
  topic = 'orders',
}: {
  topic?: ConsentTopic;
  /** The number on the buyer's profile (E.164), which WhatsApp and SMS go to. */
  phone: string | null;
  value?: ContactChannel;
  defaultValue?: ContactChannel;
  onChange?: (channel: ContactChannel) => void;
  error?: string;
  /** A card of its own (checkout): its legend reads as the card's heading, like its neighbours'. */
  card?: boolean;
}) {
  return (
    <fieldset aria-describedby={error ? 'contact-error' : undefined}>
      <legend className={card ? 'text-lg font-semibold' : 'text-sm font-medium text-slate-800'}>
        {LEGEND[topic]}
      </legend>
      <p className="mt-1 text-sm text-slate-600">{NOTE[topic]}</p>
      <div className="mt-2 grid gap-2">
        {CONTACT_CHANNELS.map((channel) => (
          <label
            key={channel}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="contact"
              value={channel}
              {...(value === undefined
                ? { defaultChecked: defaultValue === channel }
                : { checked: value === channel, onChange: () => onChange?.(channel) })}
              className="mt-1 accent-brand-700"
            />
            <span className="text-sm">
              <span className="block font-semibold">{LABELS[topic][channel]}</span>
              <span className="block text-slate-600">{contactWording(channel, phone, topic)}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="contact-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
