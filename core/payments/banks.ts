/**
 * Paying sellers (issue 51, docs/sellers.md): the bank list, checking an account number, and the
 * transfer recipient a payout is sent to. Paystack answers these with keys; the demo provider without.
 */
export interface Bank {
  /** Paystack's bank code: what resolve and the recipient take. */
  code: string;
  name: string;
}

export type ResolvedAccount =
  | { status: 'resolved'; accountNumber: string; accountName: string }
  /** Paystack could not match the number to the bank (a wrong number, or the wrong bank). */
  | { status: 'unresolved'; message: string };

export interface BankDirectory {
  readonly name: 'paystack' | 'demo';
  /** Nigerian banks that can receive transfers, by name. Throws PaymentProviderError (retryable) when down. */
  listBanks(): Promise<Bank[]>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  /** A NUBAN transfer recipient in naira; its recipient_code (RCP_…). Paystack returns the same one for the same account. */
  createRecipient(account: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
}
