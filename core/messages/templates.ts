import { MESSAGE_KINDS, type MessageKind } from '../../db/schema/enums';

export { MESSAGE_KINDS, type MessageKind };

/**
 * The last line of every WhatsApp template: Meta refuses a body that ends (or starts) with a parameter,
 * and a reply opens the chat with the shop.
 */
const CLOSING = '\nReply here if you have a question.';

/**
 * What each message says (issue 35). On WhatsApp a message to a buyer who has not written first must be
 * a template Meta approved, of the "utility" category: these bodies, registered under the kind's name in
 * English (docs/operations.md says how), filled with the parameters in order. The SMS says the same in
 * fewer words (one text of 160 characters where it can), from the same parameters.
 */
export const TEMPLATE_BODIES: Record<MessageKind, string> = {
  order_confirmed: `Thank you for your order #{{1}} at FreshCatch. We have received your payment of {{2}} for {{3}}. Delivery: {{4}}. Follow your order here: {{5}}${CLOSING}`,
  order_update: `FreshCatch order #{{1}}: {{2}} Follow your order here: {{3}}${CLOSING}`,
  order_refunded: `FreshCatch order #{{1}}: we have refunded {{2}}. It is on its way back to you and reaches your account in a few working days. Details: {{3}}${CLOSING}`,
  payment_reminder: `Your FreshCatch order #{{1}} of {{2}} is waiting for payment. We hold it for you until {{3}}; after that it is cancelled. Pay now: {{4}}${CLOSING}`,
  farm_pond_not_logged: `Farm reminder for {{1}}: nothing is recorded today for {{2}}. Log the feeding and readings here: {{3}}${CLOSING}`,
  farm_sample_due: `Farm reminder for {{1}}: a sample weighing is due for {{2}} (14 days since the last). Record it here: {{3}}${CLOSING}`,
  farm_feed_low: `Farm reminder for {{1}}: feed for fewer than 5 days is left of {{2}}. See the feed store here: {{3}}${CLOSING}`,
  farm_harvest_soon: `Farm reminder for {{1}}: the harvest forecast for {{2}} is within 7 days. Plan it here: {{3}}${CLOSING}`,
  farm_water_unsafe: `Farm reminder for {{1}}: a water reading today is outside the safe band for {{2}}. See what to do here: {{3}}${CLOSING}`,
  seller_bank_changed: `FreshCatch seller {{1}}: your payout bank account is now {{2}}. For your safety no payout is sent before {{3}}. If you did not make this change, call us at once on {{4}}.${CLOSING}`,
};

/** The SMS of each kind, from the same parameters ({{3}} of a confirmation, the items, is left out). */
export const SMS_BODIES: Record<MessageKind, string> = {
  order_confirmed: 'FreshCatch: payment of {{2}} received for order #{{1}}. Delivery: {{4}}. Track: {{5}}',
  order_update: 'FreshCatch order #{{1}}: {{2}} {{3}}',
  order_refunded: 'FreshCatch order #{{1}}: {{2}} refunded, on its way back to you. {{3}}',
  payment_reminder: 'FreshCatch order #{{1}} ({{2}}) awaits payment until {{3}}. Pay now: {{4}}',
  farm_pond_not_logged: '{{1}}: nothing logged today for {{2}}. {{3}}',
  farm_sample_due: '{{1}}: sample due for {{2}}. {{3}}',
  farm_feed_low: '{{1}}: feed for under 5 days: {{2}}. {{3}}',
  farm_harvest_soon: '{{1}}: harvest within 7 days for {{2}}. {{3}}',
  farm_water_unsafe: '{{1}}: water outside the safe band today in {{2}}. {{3}}',
  seller_bank_changed:
    'FreshCatch: payout account of {{1}} is now {{2}}; no payout before {{3}}. Not you? Call {{4}}',
};

/** An example of each template's parameters, which Meta asks for when a template is submitted. */
export const TEMPLATE_EXAMPLES: Record<MessageKind, string[]> = {
  order_confirmed: [
    '7ef7b748',
    '₦18,500',
    '2 × Live Catfish (Table Size), 1 × Stockfish Head (Okporoko)',
    'Standard Delivery, Port Harcourt, Tue 1 Dec, 2–5 pm',
    'https://freshcatch.ng/account/orders/7ef7b748-0000-4000-8000-000000000000',
  ],
  order_update: [
    '7ef7b748',
    'Your order has been shipped and is on its way to you!',
    'https://freshcatch.ng/account/orders/7ef7b748-0000-4000-8000-000000000000',
  ],
  order_refunded: [
    '7ef7b748',
    '₦6,500',
    'https://freshcatch.ng/account/orders/7ef7b748-0000-4000-8000-000000000000',
  ],
  payment_reminder: [
    '7ef7b748',
    '₦18,500',
    '14:35',
    'https://freshcatch.ng/account/orders/7ef7b748-0000-4000-8000-000000000000',
  ],
  farm_pond_not_logged: ['Ade Fish Farm', 'Pond A, Pond B', 'https://freshcatch.ng/farm/12'],
  farm_sample_due: ['Ade Fish Farm', 'Pond A', 'https://freshcatch.ng/farm/12'],
  farm_feed_low: ['Ade Fish Farm', '2 mm (4 days)', 'https://freshcatch.ng/farm/12/feed'],
  farm_harvest_soon: ['Ade Fish Farm', 'Pond A', 'https://freshcatch.ng/farm/12'],
  farm_water_unsafe: ['Ade Fish Farm', 'Pond B', 'https://freshcatch.ng/farm/12'],
  seller_bank_changed: ['Ade Fish', 'Access Bank, account ending 6789', '2 Dec, 14:35', '+234 803 555 0142'],
};

/** What each channel is called on the admin's screens. */
export const MESSAGE_CHANNEL_LABELS = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/** What each kind is called on the admin's order page. */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  order_confirmed: 'Order confirmed',
  order_update: 'Status update',
  order_refunded: 'Refund',
  payment_reminder: 'Payment reminder',
  farm_pond_not_logged: 'Pond not logged',
  farm_sample_due: 'Sample due',
  farm_feed_low: 'Feed running low',
  farm_harvest_soon: 'Harvest soon',
  farm_water_unsafe: 'Water outside the safe band',
  seller_bank_changed: 'Payout account changed',
};

/** The longest a parameter is sent (Meta's limit is far above; an SMS should stay short). */
const PARAMETER_MAX = 300;

/**
 * A parameter as WhatsApp takes it: no new line or tab, never more than four spaces in a row (Meta
 * refuses those), and not longer than PARAMETER_MAX.
 */
export function templateParameter(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PARAMETER_MAX ? `${flat.slice(0, PARAMETER_MAX - 1)}…` : flat;
}

/** A body with its `{{n}}` filled from `params` (1-based, as Meta numbers them). */
export function fillTemplate(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** How many parameters a kind's template takes: the highest `{{n}}` of its body. */
export function parameterCount(kind: MessageKind): number {
  return Math.max(...[...TEMPLATE_BODIES[kind].matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
}

/** An order's lines in one parameter: "2 × Live Catfish, 1 × Stockfish Head", and "and 3 more" past five. */
export function itemsLine(items: readonly { name: string; quantity: number }[]): string {
  const shown = items.slice(0, 5).map((item) => `${item.quantity} × ${item.name}`);
  const more = items.length - shown.length;
  return templateParameter(`${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`);
}
