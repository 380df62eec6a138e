/** The first 8 characters of an order id, as shoppers see it (spec §9). */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, 8);
}

/** Spec §7: the notification written when an order is paid. */
export function orderReceivedMessage(orderId: string): string {
  return `Your order #${shortOrderId(orderId)} has been received and is being processed.`;
}
