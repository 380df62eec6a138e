/** Facts about the shop shown across the site (footer, contact page, e-mails). */
export const SHOP = {
  name: 'FreshCatch',
  adminPortalName: 'FreshCatch Admin Portal',
  tagline: 'Quality and freshness in every delivery',
  phone: '+234 803 555 0142',
  phoneHref: 'tel:+2348035550142',
  email: 'hello@freshcatch.ng',
  whatsappHref: 'https://wa.me/2348035550142',
  address: '14 Trans-Amadi Road, Port Harcourt, Rivers State, Nigeria',
  city: 'Port Harcourt',
  copyrightYear: 2025,
} as const;

/** What the buyer is looking at when they open the shop's WhatsApp chat (issue 35, part 6). */
export type ChatTopic =
  | { kind: 'product'; name: string; path: string }
  | { kind: 'order'; orderNumber: string }
  | { kind: 'page'; path: string };

/**
 * The chat's first line, typed in for the buyer, so the shop knows what they are asking about: the
 * product and its link, the order's number, or the page's link.
 */
export function chatFirstLine(topic: ChatTopic, origin: string): string {
  switch (topic.kind) {
    case 'product':
      return `Hello ${SHOP.name}, I'm asking about ${topic.name}: ${origin}${topic.path}`;
    case 'order':
      return `Hello ${SHOP.name}, I'm asking about my order #${topic.orderNumber}`;
    case 'page':
      return `Hello ${SHOP.name}, I'm asking about this page: ${origin}${topic.path}`;
  }
}

/**
 * What of a page's address may go into the chat: the path, and only the query keys that say what a
 * list shows. Anything else may be a secret (a password reset's token, a payment's reference) that
 * must never be sent to a chat.
 */
export function chatPagePath(pathname: string, search: string): string {
  const shown = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search))
    if (CHAT_QUERY_KEYS.includes(key)) shown.append(key, value);
  const query = shown.toString();
  return query ? `${pathname}?${query}` : pathname;
}
const CHAT_QUERY_KEYS = ['q', 'category', 'page'];

/** The shop's WhatsApp chat, opened with `firstLine` typed in (WhatsApp's click to chat: wa.me?text=). */
export function chatHref(firstLine?: string): string {
  return firstLine ? `${SHOP.whatsappHref}?text=${encodeURIComponent(firstLine)}` : SHOP.whatsappHref;
}
