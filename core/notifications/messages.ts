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

/** What the buyer is told when the shop decides their freshness claim. */
export function claimDecidedMessage(
  orderId: string,
  outcome: 'approved' | 'declined',
  note: string | null,
): string {
  const order = `#${shortOrderId(orderId)}`;
  if (outcome === 'approved')
    return `Your freshness claim on order ${order} was approved: the affected items are being refunded.`;
  return `Your freshness claim on order ${order} was declined${note ? `: ${note}` : '.'}`;
}
