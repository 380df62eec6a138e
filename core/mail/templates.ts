import { SHOP } from '../shop';
import { shortOrderId } from '../notifications/messages';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../text';
import { displayPhone } from '../phone-display';

interface Block {
  paragraphs: string[];
  action?: { label: string; url: string };
}

function compose(to: string, subject: string, greeting: string, block: Block): MailMessage {
  const text = [
    greeting,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ''] : []),
    `— ${SHOP.name}, ${SHOP.city}`,
    `${SHOP.phone} · ${SHOP.email}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#0e7490;font-size:20px">${escapeHtml(SHOP.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  block.action
    ? `<p><a href="${escapeHtml(block.action.url)}" style="background:#0e7490;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(block.action.label)}</a></p>
<p style="font-size:12px;color:#475569">Or paste this link into your browser: ${escapeHtml(block.action.url)}</p>`
    : ''
}
<p style="font-size:12px;color:#475569">${escapeHtml(SHOP.name)}, ${escapeHtml(SHOP.address)} · ${escapeHtml(SHOP.phone)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return compose(to, `Confirm your e-mail for ${SHOP.name}`, `Hello ${name},`, {
    paragraphs: [
      `Thank you for signing up to ${SHOP.name}. Please confirm your e-mail address to activate your account.`,
      'If you did not sign up, you can ignore this e-mail.',
    ],
    action: { label: 'Confirm my e-mail', url },
  });
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return compose(to, `Reset your ${SHOP.name} password`, `Hello ${name},`, {
    paragraphs: [
      'We received a request to reset your password. The link below works for one hour.',
      'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ],
    action: { label: 'Choose a new password', url },
  });
}

/**
 * Someone signed up with an address that already has an account: the sign-up screen says
 * the same as for a new address (no account enumeration), and the owner is told here, with the way in.
 */
export function accountExistsEmail(
  to: string,
  name: string,
  links: { loginUrl: string; resetUrl: string },
): MailMessage {
  return compose(to, `You already have a ${SHOP.name} account`, `Hello ${name},`, {
    paragraphs: [
      `Someone, hopefully you, just tried to sign up to ${SHOP.name} with this e-mail address, which already has an account. No new account was made.`,
      `Forgotten your password? Choose a new one here: ${links.resetUrl}`,
      'If this was not you, you can ignore this e-mail: nothing has changed.',
    ],
    action: { label: 'Log in to my account', url: links.loginUrl },
  });
}

export function passwordChangedEmail(to: string, name: string): MailMessage {
  return compose(to, `Your ${SHOP.name} password was changed`, `Hello ${name},`, {
    paragraphs: [
      'The password of your account was just changed.',
      `If this was not you, reset your password at once from the login page and contact us on ${SHOP.phone}.`,
    ],
  });
}

export function bulkEnquiryEmail(
  to: string,
  id: number,
  enquiry: {
    name: string;
    phone: string;
    email: string;
    organisation?: string;
    location: string;
    details: string;
    weightKg?: number;
    neededBy?: string;
  },
): MailMessage {
  return compose(to, `Bulk delivery enquiry #${id} from ${enquiry.name}`, 'New bulk delivery enquiry', {
    paragraphs: [
      `From: ${enquiry.name}${enquiry.organisation ? ` (${enquiry.organisation})` : ''}, ${displayPhone(enquiry.phone)}, ${enquiry.email}`,
      `Deliver to: ${enquiry.location}${enquiry.neededBy ? `, needed by ${enquiry.neededBy}` : ''}${enquiry.weightKg ? `, about ${enquiry.weightKg} kg` : ''}`,
      enquiry.details,
    ],
  });
}

export function orderReceiptEmail(order: {
  to: string;
  name: string;
  orderId: string;
  items: { name: string; quantity: number; totalKobo: number }[];
  subtotalKobo: number;
  deliveryFeeKobo: number;
  discountKobo: number;
  /** A free-delivery code: the discount stored is the waived fee, not taken off the total. */
  freeDelivery: boolean;
  totalKobo: number;
  delivery: string;
  /** The order's own page, where the buyer follows it. */
  orderUrl: string;
  formatMoney: (kobo: number) => string;
}): MailMessage {
  const money = order.formatMoney;
  const number = shortOrderId(order.orderId);
  return compose(order.to, `Your ${SHOP.name} order #${number} is confirmed`, `Hello ${order.name},`, {
    paragraphs: [
      `Thank you for your order #${number}. We have received your payment and are preparing it now.`,
      ...order.items.map((item) => `${item.quantity} × ${item.name} — ${money(item.totalKobo)}`),
      order.freeDelivery
        ? `Subtotal ${money(order.subtotalKobo)} · Delivery free (you saved ${money(order.discountKobo)}) · Paid ${money(order.totalKobo)}`
        : `Subtotal ${money(order.subtotalKobo)} · Delivery ${money(order.deliveryFeeKobo)}${order.discountKobo > 0 ? ` · Discount ${money(order.discountKobo)}` : ''} · Paid ${money(order.totalKobo)}`,
      `Delivery: ${order.delivery}.`,
    ],
    action: { label: 'Follow your order', url: order.orderUrl },
  });
}

/** The same news as the notification an admin's status change writes (spec §4), by e-mail. */
export function orderStatusEmail(order: {
  to: string;
  name: string;
  orderId: string;
  message: string;
  /** The order's own page, where the buyer follows it. */
  orderUrl: string;
  /** The button's words; "Follow your order" unless told. */
  action?: string;
}): MailMessage {
  const number = shortOrderId(order.orderId);
  return compose(order.to, `Your ${SHOP.name} order #${number}: an update`, `Hello ${order.name},`, {
    paragraphs: [`Order #${number}: ${order.message}`],
    action: { label: order.action ?? 'Follow your order', url: order.orderUrl },
  });
}

/** Issue 51 §1: a seller's bank account was changed; payouts wait until `heldUntil`. */
export function sellerBankChangedEmail(seller: {
  to: string;
  name: string;
  businessName: string;
  bankName: string;
  accountEnding: string;
  heldUntil: Date;
}): MailMessage {
  const until = seller.heldUntil.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return compose(seller.to, `${SHOP.name}: your payout bank account was changed`, `Hello ${seller.name},`, {
    paragraphs: [
      `The bank account for ${seller.businessName}'s payouts is now ${seller.bankName}, account ending ${seller.accountEnding}.`,
      `For your safety, no payout is sent before ${until}.`,
      `If you did not make this change, call us at once on ${SHOP.phone}.`,
    ],
  });
}

/** Issue 51 §5: a payout to a seller was sent (Paystack says so), or came back and is owed again. */
export function sellerPayoutEmail(payout: {
  to: string;
  name: string;
  businessName: string;
  amount: string;
  outcome: 'paid' | 'returned';
  bankName: string;
  accountEnding: string;
  reason: string | null;
  statementUrl: string;
}): MailMessage {
  const paid = payout.outcome === 'paid';
  return compose(
    payout.to,
    paid
      ? `${SHOP.name}: ${payout.amount} paid to your bank account`
      : `${SHOP.name}: your payout of ${payout.amount} came back`,
    `Hello ${payout.name},`,
    {
      paragraphs: paid
        ? [
            `${payout.amount} for ${payout.businessName}'s sales was sent to ${payout.bankName}, account ending ${payout.accountEnding}.`,
          ]
        : [
            `The payout of ${payout.amount} for ${payout.businessName} did not reach ${payout.bankName}, account ending ${payout.accountEnding}${payout.reason ? `: ${payout.reason}` : '.'}`,
            'The money is still yours: it is paid again with the next payout run.',
          ],
      action: { label: 'See your statement', url: payout.statementUrl },
    },
  );
}
