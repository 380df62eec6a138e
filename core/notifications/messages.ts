/** The first 8 characters of an order id, as shoppers see it (spec §9). */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, 8);
}

/** Spec §7: the notification written when an order is paid. */
export function orderReceivedMessage(orderId: string): string {
  return `Your order #${shortOrderId(orderId)} has been received and is being processed.`;
}

/** Spec §4 "Orders (admin)": what the owner is told when an admin changes the order's status. */
export function orderStatusMessage(status: string): string {
  switch (status) {
    case 'processing':
      return 'Your order is now being processed.';
    case 'shipped':
      return 'Your order has been shipped and is on its way to you!';
    case 'delivered':
      return 'Your order has been delivered successfully. Enjoy!';
    case 'cancelled':
      return 'Your order has been cancelled.';
    default:
      return `Your order status has been updated to: ${status}`;
  }
}

/** The icon a notification gets, from keywords in its message (spec §2). */
export function notificationKind(
  message: string,
): 'delivered' | 'shipped' | 'processing' | 'cancelled' | 'other' {
  const text = message.toLowerCase();
  if (text.includes('delivered')) return 'delivered';
  if (text.includes('shipped')) return 'shipped';
  if (text.includes('processing') || text.includes('processed')) return 'processing';
  if (text.includes('cancelled')) return 'cancelled';
  return 'other';
}

/** What the customer is told when a refund of their order is on its way. */
export function refundMessage(orderId: string, amount: string): string {
  return `Your order #${shortOrderId(orderId)} has been refunded: ${amount} is on its way back to you.`;
}

/** The payment reminder by e-mail, for a buyer who chose e-mail only (issue 35). */
export function paymentReminderMessage(total: string, until: string): string {
  return `Your order of ${total} is waiting for payment. We hold it for you until ${until}; after that it is cancelled.`;
}

/**
 * What the buyer is told when the shop decides their freshness claim. The order is named by what
 * carries it (the notification links it; the WhatsApp and SMS template starts "FreshCatch order #…"),
 * so the sentence does not name it again.
 */
export function claimDecidedMessage(outcome: 'approved' | 'declined', note: string | null): string {
  if (outcome === 'approved')
    return 'Your freshness claim was approved: the affected items are being refunded.';
  return `Your freshness claim was declined${note ? `: ${note}` : '.'}`;
}

/**
 * What the delivered message adds while a freshness claim can still be made (decision 043): when the
 * window ends, in the shop's time ("14:35", or "3 Dec, 14:35" when it is not within the day).
 */
export function claimPossibleMessage(until: string): string {
  return `Something wrong? Report it before ${until}.`;
}
