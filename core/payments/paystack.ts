import { isSignedBody, signBody } from '../webhook-signature';
import {
  PaymentProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStart,
  type ProviderRefund,
  type RefundStarted,
  type StartedPayment,
} from './provider';
import type { Bank, BankDirectory, ResolvedAccount } from './banks';
import type { TransferAnswer, TransferProvider, TransferRequest, TransferState } from './transfers';

interface PaystackTransfer {
  reference?: string;
  transfer_code?: string;
  status?: string;
  reason?: string;
  failures?: unknown;
  gateway_response?: string;
}

/** Paystack's transfer statuses (docs/providers.md, Paystack §11) as ours; anything else is on its way. */
export function transferStateOf(data: PaystackTransfer): TransferState {
  const transferCode = data.transfer_code ?? null;
  const reason = data.gateway_response || (typeof data.failures === 'string' ? data.failures : '') || '';
  switch (data.status) {
    case 'success':
      return { status: 'success', transferCode };
    case 'otp':
      return { status: 'otp', transferCode };
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return { status: 'failed', transferCode, reason: reason || `Paystack: ${data.status}` };
    case 'reversed':
      return { status: 'reversed', transferCode, reason: reason || 'Paystack reversed the transfer' };
    default:
      return { status: 'pending', transferCode };
  }
}

/** Paystack's API as documented (docs/providers.md, Paystack): initialize, verify, signed webhooks. */
export interface PaystackOptions {
  secretKey: string;
  publicKey: string;
  /** https://api.paystack.co, or a local stand-in in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface Envelope<T> {
  status: boolean;
  message: string;
  data?: T;
  code?: string;
}

/** x-paystack-signature: lowercase hex HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
export function isValidPaystackSignature(
  rawBody: Uint8Array,
  signature: string | null | undefined,
  secretKey: string,
): boolean {
  return isSignedBody('sha512', rawBody, signature, secretKey);
}

export function signPaystackBody(rawBody: Uint8Array | string, secretKey: string): string {
  return signBody('sha512', rawBody, secretKey);
}

const TRANSFER_EVENTS: Record<string, string> = {
  'transfer.success': 'success',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/**
 * A signed transfer.success / transfer.failed / transfer.reversed webhook's news of our transfer: its
 * reference and state (the event decides the state, whatever `data.status` says); null for other events.
 */
export function transferNewsOf(
  event: unknown,
  data: unknown,
): { reference: string; state: TransferState } | null {
  const status = typeof event === 'string' ? TRANSFER_EVENTS[event] : undefined;
  if (!status || typeof data !== 'object' || data === null) return null;
  const transfer = data as PaystackTransfer;
  if (typeof transfer.reference !== 'string') return null;
  return { reference: transfer.reference, state: transferStateOf({ ...transfer, status }) };
}

export class PaystackProvider implements PaymentProvider, BankDirectory, TransferProvider {
  readonly name = 'paystack' as const;
  readonly publicKey: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: PaystackOptions) {
    this.publicKey = options.publicKey;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Test keys pay in test mode; a verification must come from the same mode as our key. */
  private get liveMode() {
    return this.options.secretKey.startsWith('sk_live_');
  }

  private async call<T>(
    path: string,
    init: RequestInit = {},
  ): Promise<{ httpStatus: number; body: Envelope<T> | null }> {
    let response: Response;
    try {
      response = await this.fetch(new URL(path, this.options.baseUrl.replace(/\/?$/, '/')), {
        ...init,
        headers: {
          Authorization: `Bearer ${this.options.secretKey}`,
          'Content-Type': 'application/json',
          ...init.headers,
        },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      throw new PaymentProviderError(
        `Paystack is unreachable: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
        true,
      );
    }
    let body: Envelope<T> | null = null;
    try {
      body = (await response.json()) as Envelope<T>;
    } catch {
      body = null;
    }
    return { httpStatus: response.status, body };
  }

  async start(payment: PaymentStart): Promise<StartedPayment> {
    const { httpStatus, body } = await this.call<{
      authorization_url: string;
      access_code: string;
      reference: string;
    }>('transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: payment.email,
        amount: payment.amountKobo,
        currency: payment.currency,
        reference: payment.reference,
        callback_url: payment.callbackUrl,
        channels: ['card', 'bank_transfer', 'ussd'],
        metadata: {
          order_id: payment.orderId,
          cancel_action:
            payment.callbackUrl.replace(/\?.*$/, '') +
            `?reference=${encodeURIComponent(payment.reference)}&cancelled=1`,
          custom_fields: [{ display_name: 'Order', variable_name: 'order_id', value: payment.orderId }],
        },
      }),
    });
    if (httpStatus !== 200 || !body?.status || !body.data?.authorization_url) {
      throw new PaymentProviderError(
        `Paystack refused to start the payment: ${body?.message ?? `HTTP ${httpStatus}`}`,
        httpStatus >= 500,
      );
    }
    return { authorizationUrl: body.data.authorization_url, accessCode: body.data.access_code };
  }

  async verify(reference: string): Promise<PaymentOutcome> {
    const { httpStatus, body } = await this.call<{
      status: string;
      reference: string;
      amount: number;
      currency: string;
      paid_at: string | null;
      domain: 'test' | 'live';
      gateway_response?: string;
    }>(`transaction/verify/${encodeURIComponent(reference)}`);
    if (httpStatus >= 500)
      throw new PaymentProviderError(`Paystack could not verify ${reference} (HTTP ${httpStatus})`, true);
    if (
      httpStatus === 404 ||
      body?.code === 'transaction_not_found' ||
      /not found/i.test(body?.message ?? '')
    ) {
      return { status: 'not_found', reference };
    }
    if (httpStatus !== 200 || !body?.status || !body.data) {
      throw new PaymentProviderError(
        `Paystack verification failed for ${reference}: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    }
    const data = body.data;
    if (data.reference !== reference) return { status: 'not_found', reference };
    if (data.status === 'success') {
      // A test-mode payment never pays for an order taken with a live key (or the other way round).
      if ((data.domain === 'live') !== this.liveMode)
        return { status: 'failed', reference, reason: `paid in ${data.domain} mode` };
      return {
        status: 'success',
        reference,
        amountKobo: Number(data.amount),
        currency: data.currency,
        paidAt: data.paid_at ? new Date(data.paid_at) : null,
      };
    }
    if (data.status === 'failed' || data.status === 'reversed') {
      return { status: 'failed', reference, reason: data.gateway_response || data.status };
    }
    return { status: 'pending', reference };
  }

  /**
   * POST /refund (docs/providers.md, Paystack §7): queued as `pending`; the outcome arrives as a
   * refund.processed or refund.failed webhook.
   */
  async refund(reference: string, amountKobo: number): Promise<RefundStarted> {
    const { httpStatus, body } = await this.call<{ status?: string; id?: number | string }>('refund', {
      method: 'POST',
      body: JSON.stringify({ transaction: reference, amount: amountKobo, currency: 'NGN' }),
    });
    if (httpStatus !== 200 || !body?.status) {
      throw new PaymentProviderError(
        `Paystack refused the refund of ${reference}: ${body?.message ?? `HTTP ${httpStatus}`}`,
        httpStatus >= 500,
      );
    }
    const status = body.data?.status === 'processed' ? 'processed' : 'pending';
    const id = body.data?.id;
    return { status, refundReference: id === undefined ? null : String(id) };
  }

  /**
   * GET /refund?transaction=<reference> (docs/providers.md, Paystack §10): the transaction's refunds;
   * pending, processing and needs-attention are all still on their way.
   */
  async refundsOf(reference: string): Promise<ProviderRefund[]> {
    const { httpStatus, body } = await this.call<
      { id?: number | string; amount?: number | string; status?: string }[]
    >(`refund?transaction=${encodeURIComponent(reference)}`, { method: 'GET' });
    if (httpStatus !== 200 || !body?.status || !Array.isArray(body.data))
      throw new PaymentProviderError(
        `Paystack could not list the refunds of ${reference}: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    return body.data.map((refund) => ({
      id: refund.id === undefined ? null : String(refund.id),
      amountKobo: Number(refund.amount),
      status: refund.status === 'processed' ? 'processed' : refund.status === 'failed' ? 'failed' : 'pending',
    }));
  }

  /** GET /bank?country=nigeria (docs/sellers.md "Paystack"): the active banks, by name. */
  async listBanks(): Promise<Bank[]> {
    const { httpStatus, body } = await this.call<
      { name?: string; code?: string; active?: boolean; is_deleted?: boolean }[]
    >('bank?country=nigeria&currency=NGN&perPage=100', { method: 'GET' });
    if (httpStatus !== 200 || !body?.status || !Array.isArray(body.data))
      throw new PaymentProviderError(
        `Paystack could not list the banks: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    return body.data
      .filter((bank) => bank.active !== false && bank.is_deleted !== true && bank.code && bank.name)
      .map((bank) => ({ code: String(bank.code), name: String(bank.name) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** GET /bank/resolve: the account's name, or unresolved (Paystack answers 422 for a number it cannot match). */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const { httpStatus, body } = await this.call<{ account_number?: string; account_name?: string }>(
      `bank/resolve?${query}`,
      { method: 'GET' },
    );
    if (httpStatus >= 500 || httpStatus === 401 || httpStatus === 429 || body === null)
      throw new PaymentProviderError(
        `Paystack could not check the account: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    if (httpStatus !== 200 || !body.status || !body.data?.account_name)
      return { status: 'unresolved', message: body.message || 'Could not resolve account name' };
    return {
      status: 'resolved',
      accountNumber: body.data.account_number ?? accountNumber,
      accountName: body.data.account_name,
    };
  }

  /** POST /transferrecipient (type nuban, NGN): the recipient_code. */
  async createRecipient(account: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const { httpStatus, body } = await this.call<{ recipient_code?: string }>('transferrecipient', {
      method: 'POST',
      body: JSON.stringify({
        type: 'nuban',
        name: account.name,
        account_number: account.accountNumber,
        bank_code: account.bankCode,
        currency: 'NGN',
      }),
    });
    if ((httpStatus !== 200 && httpStatus !== 201) || !body?.status || !body.data?.recipient_code)
      throw new PaymentProviderError(
        `Paystack refused the transfer recipient: ${body?.message ?? `HTTP ${httpStatus}`}`,
        httpStatus >= 500 || body === null,
      );
    return body.data.recipient_code;
  }

  /**
   * POST /transfer from the balance (docs/providers.md, Paystack §11), our reference on every try. A 4xx
   * made no transfer: a duplicate reference means an earlier try did, anything else (a balance too low)
   * is refused. No answer, or a 5xx or 429, may or may not have made it: the caller asks again.
   */
  async transfer(request: TransferRequest): Promise<TransferAnswer> {
    const { httpStatus, body } = await this.call<PaystackTransfer>('transfer', {
      method: 'POST',
      body: JSON.stringify({
        source: 'balance',
        amount: request.amountKobo,
        recipient: request.recipientCode,
        reference: request.reference,
        reason: request.reason,
        currency: 'NGN',
      }),
    });
    if (httpStatus >= 500 || httpStatus === 429 || body === null)
      throw new PaymentProviderError(
        `Paystack did not take the transfer ${request.reference}: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    if ((httpStatus === 200 || httpStatus === 201) && body.status && body.data)
      return transferStateOf(body.data);
    const message = body.message || `HTTP ${httpStatus}`;
    if (body.code === 'duplicate_reference' || /duplicate|already exists/i.test(message))
      return { status: 'duplicate' };
    return { status: 'refused', reason: message };
  }

  /** GET /transfer/verify/:reference: where our transfer is, or not_found when Paystack has none. */
  async verifyTransfer(reference: string): Promise<TransferState | { status: 'not_found' }> {
    const { httpStatus, body } = await this.call<PaystackTransfer>(
      `transfer/verify/${encodeURIComponent(reference)}`,
      { method: 'GET' },
    );
    if (httpStatus === 404 || (httpStatus === 400 && /not found/i.test(body?.message ?? '')))
      return { status: 'not_found' };
    if (httpStatus !== 200 || !body?.status || !body.data)
      throw new PaymentProviderError(
        `Paystack could not tell where the transfer ${reference} is: ${body?.message ?? `HTTP ${httpStatus}`}`,
        true,
      );
    if (body.data.reference !== undefined && body.data.reference !== reference)
      return { status: 'not_found' };
    return transferStateOf(body.data);
  }

  /** Webhooks are signed with our secret key (docs/providers.md, Paystack §4). */
  isValidWebhook(rawBody: Uint8Array, signature: string | null): boolean {
    return isValidPaystackSignature(rawBody, signature, this.options.secretKey);
  }
}
