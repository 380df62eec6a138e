/**
 * Payment providers behind one interface (DESIGN §2): Paystack with keys, the demo provider without.
 * A provider never decides that an order is paid: it reports what happened to a payment, and
 * core/checkout/settle.ts settles the order after checking amount and currency itself.
 */
export interface PaymentStart {
  reference: string;
  amountKobo: number;
  currency: 'NGN';
  email: string;
  orderId: string;
  callbackUrl: string;
}

export interface StartedPayment {
  /** Where the shopper pays when the inline popup is not used (Paystack's page, or our demo page). */
  authorizationUrl: string;
  /** Paystack's access code, to resume the transaction in the inline popup. */
  accessCode?: string;
}

export type PaymentOutcome =
  /** Paid: the only outcome that settles an order. */
  | { status: 'success'; reference: string; amountKobo: number; currency: string; paidAt: Date | null }
  /** Declined or reversed: final. */
  | { status: 'failed'; reference: string; reason: string }
  /** Not finished yet (abandoned popup, transfer on its way): check again later. */
  | { status: 'pending'; reference: string }
  /** The provider does not know the reference. */
  | { status: 'not_found'; reference: string };

/** What the provider said to a refund request: queued (its outcome comes later) or already done. */
export interface RefundStarted {
  status: 'pending' | 'processed';
  /** The provider's id for the refund, when it gives one. */
  refundReference: string | null;
}

/** A refund the provider has of a transaction, as it reports it. */
export interface ProviderRefund {
  id: string | null;
  amountKobo: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'demo';
  /** For the browser: Paystack's public key (the demo provider has none). */
  readonly publicKey: string | null;
  start(payment: PaymentStart): Promise<StartedPayment>;
  verify(reference: string): Promise<PaymentOutcome>;
  /** Refunds `amountKobo` of the paid transaction `reference`. Throws PaymentProviderError when refused. */
  refund(reference: string, amountKobo: number): Promise<RefundStarted>;
  /**
   * The refunds the provider has of the paid transaction `reference`: asked before refunding again, so
   * a refund it made that we never recorded (a crash between its answer and ours) is not made twice.
   * Throws PaymentProviderError (retryable) when it cannot be asked.
   */
  refundsOf(reference: string): Promise<ProviderRefund[]>;
  /** Providers that send webhooks check their signatures here. */
  isValidWebhook?(rawBody: Uint8Array, signature: string | null): boolean;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /** By name, not instanceof: the provider and the code that calls it may come from different bundles. */
  static is(error: unknown): error is PaymentProviderError {
    return error instanceof Error && error.name === 'PaymentProviderError';
  }
}
