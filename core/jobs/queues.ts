/** The shop's job queues (db/job-queue.ts installs them with their retry policies). */
export const QUEUES = {
  /** One e-mail, rendered when it was caused (a receipt, a status change, a password link…). */
  mail: 'mail',
  /** A payment the provider told us about (webhook): verified with the provider, then settled. */
  verifyPayment: 'verify-payment',
  /** A refund an admin asked for: the call to the payment provider (core/orders/refunds.ts). */
  refund: 'refund',
  /** Every minute: unpaid orders give back capped code uses, and expire after 30 minutes. */
  expireOrders: 'expire-orders',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
