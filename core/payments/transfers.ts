/**
 * Paying sellers by transfer (issue 51 §5, docs/sellers.md "Payouts"): Paystack's Transfer API with keys,
 * the demo provider's records without. The reference is ours and goes with every try: the provider keeps
 * one transfer per reference, so a retry can never pay twice. A provider only reports; the payout's state
 * is decided in core/sellers/payouts.ts.
 */
export interface TransferRequest {
  /** Ours, unique per payout, the same on every try. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  /** The narration the seller's bank shows. */
  reason: string;
}

export type TransferState =
  /** The provider has it and is sending it; a webhook (or asking again) tells the end. */
  | { status: 'pending' | 'otp'; transferCode: string | null }
  | { status: 'success'; transferCode: string | null }
  | { status: 'failed' | 'reversed'; transferCode: string | null; reason: string };

export type TransferAnswer =
  | TransferState
  /** Refused without making a transfer (a 4xx such as a balance too low): no money moved. */
  | { status: 'refused'; reason: string }
  /** The provider already has a transfer with this reference: ask it where that one is. */
  | { status: 'duplicate' };

export interface TransferProvider {
  readonly name: 'paystack' | 'demo';
  /**
   * Asks for the transfer. Throws PaymentProviderError (retryable) when the provider did not answer or
   * answered 5xx: the transfer may or may not exist, so it is asked again with the same reference.
   */
  transfer(request: TransferRequest): Promise<TransferAnswer>;
  /** Where the transfer with this reference is; not_found when the provider has none. Throws (retryable) when down. */
  verifyTransfer(reference: string): Promise<TransferState | { status: 'not_found' }>;
}
