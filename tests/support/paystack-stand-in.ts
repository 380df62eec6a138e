import { text } from 'node:stream/consumers';
/**
 * A local stand-in for Paystack's API, speaking the documented protocol (docs/providers.md,
 * Paystack §9): Bearer auth, POST /transaction/initialize, GET /transaction/verify/:reference, a checkout
 * page that finishes a payment and redirects to the callback, and charge.success webhooks signed with
 * HMAC-SHA512 of the raw body. Test knobs: another amount, a bad signature, replays, 404 for unknown.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  callbackUrl: string;
  metadata: Record<string, unknown>;
  channels: string[];
  paidAt: string | null;
  gatewayResponse: string;
}

export interface PaystackStandIn {
  url: string;
  secretKey: string;
  transactions: Map<string, StandInTransaction>;
  /** Every initialize body received, as sent. */
  initializeBodies: Record<string, unknown>[];
  /** Unknown references: Paystack's documented 400 by default, or 404. */
  notFoundStatus: 400 | 404;
  /** Finishes a payment as the customer would; a success sends a signed webhook to `webhookUrl`. */
  complete(
    reference: string,
    outcome: 'success' | 'failed',
    options?: { amount?: number; webhook?: boolean },
  ): Promise<void>;
  /** (Re)sends charge.success for a transaction, optionally with a wrong signature. */
  sendWebhook(reference: string, options?: { badSignature?: boolean }): Promise<number>;
  webhookUrl: string | null;
  /** Refunds asked for by POST /refund, by transaction reference, oldest first. */
  refunds: Map<string, StandInRefund[]>;
  /** The latest refund of a transaction. */
  refundOf(reference: string): StandInRefund | undefined;
  /** Every API call (not the checkout page) is answered this many milliseconds late (a slow Paystack). */
  answerAfterMs: number;
  /** Every API call is answered with this HTTP status (a failing Paystack), while set. */
  failApiWith: number | null;
  /** Refuse every refund request with this HTTP status (a knob for failures). */
  refuseRefunds: number | null;
  /** Finishes a transaction's latest queued refund as Paystack would, sending the signed refund.* webhook. */
  finishRefund(reference: string, outcome: 'processed' | 'failed'): Promise<number>;
  /** GET /bank answers these (issue 51: the sellers' bank list). */
  banks: { name: string; code: string; active: boolean }[];
  /** GET /bank/resolve knows these accounts, by `${bank_code}:${account_number}`; any other answers 422. */
  accounts: Map<string, string>;
  /** Every POST /transferrecipient body received, as sent; a repeat for the same account returns the same code. */
  recipientBodies: Record<string, unknown>[];
  /** Transfers (payouts, issue 51 §5) by our reference: one per reference, as Paystack keeps them. */
  transfers: Map<string, StandInTransfer>;
  /** Every POST /transfer body received, as sent (duplicates included). */
  transferBodies: Record<string, unknown>[];
  /** The balance transfers are paid from, in kobo: one above it is refused ("balance is not enough"). */
  balance: number;
  /** What a new transfer is answered with: pending (OTP off, the usual), success, or otp (OTP still on). */
  transferStatus: 'pending' | 'success' | 'otp';
  /** POST /transfer is answered with this HTTP status (no transfer made), while set. */
  failTransfersWith: number | null;
  /** The next this-many transfers are made, but answered 500 (the answer lost on its way). */
  loseTransferAnswers: number;
  /** A transfer is made at once but answered this many milliseconds later (past a caller's patience). */
  transferAnswerAfterMs: number;
  /** Finishes a transfer as Paystack would and sends the signed transfer.* webhook. */
  finishTransfer(
    reference: string,
    outcome: 'success' | 'failed' | 'reversed',
    options?: { badSignature?: boolean },
  ): Promise<number>;
  close(): Promise<void>;
}

export interface StandInTransfer {
  reference: string;
  transferCode: string;
  amount: number;
  recipient: string;
  status: 'pending' | 'success' | 'otp' | 'failed' | 'reversed';
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startPaystackStandIn(
  secretKey = `sk_test_${randomBytes(8).toString('hex')}`,
): Promise<PaystackStandIn> {
  const transactions = new Map<string, StandInTransaction>();
  const initializeBodies: Record<string, unknown>[] = [];
  const refunds = new Map<string, StandInRefund[]>();
  const refundOf = (reference: string) => refunds.get(reference)?.at(-1);
  /** What is left to refund of a transaction: several partial refunds may follow each other. */
  const leftOf = (t: StandInTransaction) =>
    t.amount -
    (refunds.get(t.reference) ?? [])
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
  const recipientBodies: Record<string, unknown>[] = [];
  const transfers = new Map<string, StandInTransfer>();
  const transferBodies: Record<string, unknown>[] = [];
  const transferData = (t: StandInTransfer) => ({
    amount: t.amount,
    currency: 'NGN',
    domain: 'test',
    reference: t.reference,
    source: 'balance',
    reason: 'FreshCatch: your sales',
    status: t.status,
    transfer_code: t.transferCode,
    recipient: { recipient_code: t.recipient, type: 'nuban' },
    gateway_response: t.status === 'failed' ? 'Bank declined the transfer' : null,
  });
  let nextId = 1000;
  let url = '';

  const verifyData = (t: StandInTransaction) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    paid_at: t.paidAt,
    created_at: new Date().toISOString(),
    channel: 'card',
    gateway_response: t.gatewayResponse,
    message: null,
    customer: { email: t.email, customer_code: 'CUS_standin' },
    metadata: t.metadata,
    fees: Math.round(t.amount * 0.015),
    requested_amount: t.amount,
    authorization: { authorization_code: 'AUTH_standin', last4: '4081', brand: 'visa', reusable: true },
  });

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const checkout = path.match(/^\/checkout\/([\w-]+)$/);
    if (req.method === 'GET' && checkout) {
      const outcome = new URL(req.url!, 'http://x').searchParams.get('outcome') ?? 'success';
      const t = [...transactions.values()].find((x) => x.accessCode === checkout[1]);
      if (!t) return json(res, 404, { status: false, message: 'Not found' });
      if (outcome === 'success' || outcome === 'failed') await stand.complete(t.reference, outcome);
      res.writeHead(302, { location: `${t.callbackUrl}?trxref=${t.reference}&reference=${t.reference}` });
      return res.end();
    }
    if (stand.answerAfterMs > 0)
      await new Promise((resolve) => setTimeout(resolve, stand.answerAfterMs).unref());
    if (res.destroyed) return; // the caller gave up waiting
    if (stand.failApiWith !== null)
      return json(res, stand.failApiWith, { status: false, message: 'An error occurred' });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return json(res, 401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && path === '/transaction/initialize') {
      const body = JSON.parse(await text(req)) as Record<string, unknown>;
      initializeBodies.push(body);
      const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
      if (typeof body.email !== 'string' || !Number.isInteger(amount) || (amount as number) <= 0) {
        return json(res, 400, {
          status: false,
          message: 'Invalid amount or email',
          type: 'validation_error',
        });
      }
      const reference =
        typeof body.reference === 'string' ? body.reference : `T${randomBytes(6).toString('hex')}`;
      if (!/^[A-Za-z0-9.=-]+$/.test(reference))
        return json(res, 400, { status: false, message: 'Invalid reference', type: 'validation_error' });
      if (transactions.has(reference)) {
        return json(res, 400, {
          status: false,
          message: 'Duplicate Transaction Reference',
          type: 'validation_error',
          code: 'duplicate_reference',
        });
      }
      const accessCode = randomBytes(8).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        reference,
        accessCode,
        email: body.email,
        amount: amount as number,
        currency: (body.currency as string) ?? 'NGN',
        status: 'abandoned',
        callbackUrl: String(body.callback_url),
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        channels: (body.channels as string[]) ?? [],
        paidAt: null,
        gatewayResponse: 'The transaction was not completed',
      });
      return json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    if (req.method === 'POST' && path === '/refund') {
      // docs/providers.md, Paystack §7: queued as pending; the outcome comes as a refund.* webhook.
      if (stand.refuseRefunds)
        return json(res, stand.refuseRefunds, { status: false, message: 'Refund could not be processed' });
      const body = JSON.parse(await text(req)) as { transaction?: string; amount?: number };
      const t = body.transaction ? transactions.get(body.transaction) : undefined;
      if (!t) return json(res, 404, { status: false, message: 'Transaction not found' });
      // docs/providers.md, Paystack §10: partial refunds follow each other until the amount paid.
      if (t.status !== 'success' || leftOf(t) <= 0)
        return json(res, 400, { status: false, message: 'Transaction has been fully reversed' });
      const amount = body.amount ?? leftOf(t);
      if (!Number.isInteger(amount) || amount <= 0 || amount > leftOf(t))
        return json(res, 400, { status: false, message: 'Invalid amount', type: 'validation_error' });
      const refund: StandInRefund = {
        id: nextId++,
        transactionReference: t.reference,
        amount,
        status: 'pending',
      };
      refunds.set(t.reference, [...(refunds.get(t.reference) ?? []), refund]);
      return json(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          id: refund.id,
          status: 'pending',
          amount,
          currency: 'NGN',
          transaction: { reference: t.reference },
        },
      });
    }
    if (req.method === 'GET' && path === '/refund') {
      // docs/providers.md, Paystack §10: the refunds of one transaction (by its reference).
      const transaction = new URL(req.url ?? '/', 'http://x').searchParams.get('transaction');
      const listed = [...((transaction && refunds.get(transaction)) || [])].reverse(); // newest first
      return json(res, 200, {
        status: true,
        message: 'Refunds retrieved',
        data: listed.map((r) => ({ id: r.id, amount: r.amount, status: r.status, currency: 'NGN' })),
        meta: { total: listed.length },
      });
    }
    if (req.method === 'GET' && path === '/bank') {
      return json(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: stand.banks.map((bank, i) => ({
          id: i + 1,
          name: bank.name,
          slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
          code: bank.code,
          longcode: '',
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
          active: bank.active,
          is_deleted: false,
        })),
      });
    }
    if (req.method === 'GET' && path === '/bank/resolve') {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const number = query.get('account_number') ?? '';
      const name = stand.accounts.get(`${query.get('bank_code')}:${number}`);
      if (!name)
        return json(res, 422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        });
      return json(res, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: number, account_name: name, bank_id: 9 },
      });
    }
    if (req.method === 'POST' && path === '/transferrecipient') {
      const body = JSON.parse(await text(req)) as Record<string, unknown>;
      recipientBodies.push(body);
      const known = stand.accounts.has(`${String(body.bank_code)}:${String(body.account_number)}`);
      if (body.type !== 'nuban' || body.currency !== 'NGN' || !known)
        return json(res, 400, {
          status: false,
          message: 'Account details are invalid',
          type: 'validation_error',
        });
      const code = `RCP_${String(body.bank_code)}${String(body.account_number)}`;
      return json(res, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          active: true,
          currency: 'NGN',
          name: body.name,
          recipient_code: code,
          type: 'nuban',
          details: { account_number: body.account_number, bank_code: body.bank_code },
        },
      });
    }
    if (req.method === 'POST' && path === '/transfer') {
      const body = JSON.parse(await text(req)) as Record<string, unknown>;
      transferBodies.push(body);
      if (stand.failTransfersWith !== null)
        return json(res, stand.failTransfersWith, { status: false, message: 'An error occurred' });
      const reference = body.reference;
      const amount = body.amount;
      if (
        typeof reference !== 'string' ||
        !/^[a-z0-9_-]{16,50}$/.test(reference) ||
        !Number.isInteger(amount) ||
        (amount as number) <= 0 ||
        typeof body.recipient !== 'string' ||
        !body.recipient.startsWith('RCP_') ||
        body.source !== 'balance' ||
        body.currency !== 'NGN'
      )
        return json(res, 400, { status: false, message: 'Invalid transfer', type: 'validation_error' });
      if (transfers.has(reference))
        return json(res, 400, {
          status: false,
          message: 'Duplicate Transfer Reference',
          type: 'validation_error',
          code: 'duplicate_reference',
        });
      if ((amount as number) > stand.balance)
        return json(res, 400, {
          status: false,
          message: 'Your balance is not enough to fulfil this request',
          type: 'api_error',
          code: 'insufficient_balance',
        });
      stand.balance -= amount as number;
      const transfer: StandInTransfer = {
        reference,
        transferCode: `TRF_${randomBytes(6).toString('hex')}`,
        amount: amount as number,
        recipient: body.recipient,
        status: stand.transferStatus,
      };
      transfers.set(reference, transfer);
      if (stand.transferAnswerAfterMs > 0)
        await new Promise((resolve) => setTimeout(resolve, stand.transferAnswerAfterMs).unref());
      if (res.destroyed) return;
      if (stand.loseTransferAnswers > 0) {
        stand.loseTransferAnswers -= 1;
        return json(res, 500, { status: false, message: 'An error occurred' });
      }
      return json(res, 200, {
        status: true,
        message: transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
        data: transferData(transfer),
      });
    }
    const transferVerify = path.match(/^\/transfer\/verify\/(.+)$/);
    if (req.method === 'GET' && transferVerify) {
      const t = transfers.get(decodeURIComponent(transferVerify[1]!));
      if (!t)
        return json(res, 400, { status: false, message: 'Transfer not found', type: 'validation_error' });
      return json(res, 200, { status: true, message: 'Transfer retrieved', data: transferData(t) });
    }
    const verify = path.match(/^\/transaction\/verify\/(.+)$/);
    if (req.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) {
        return json(res, stand.notFoundStatus, {
          status: false,
          message: 'Transaction reference not found',
          type: 'validation_error',
          code: 'transaction_not_found',
        });
      }
      return json(res, 200, { status: true, message: 'Verification successful', data: verifyData(t) });
    }
    json(res, 404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** Sends an event to the shop's webhook as Paystack does: signed with the secret key (or, to test refusal, not). */
  const postEvent = async (event: string, data: unknown, badSignature = false): Promise<number> => {
    if (!stand.webhookUrl) throw new Error('stand-in: no webhook URL');
    const body = JSON.stringify({ event, data });
    const key = badSignature ? 'sk_test_not_the_secret' : secretKey;
    const response = await fetch(stand.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', key).update(body).digest('hex'),
      },
      body,
    });
    return response.status;
  };

  const stand: PaystackStandIn = {
    url,
    secretKey,
    transactions,
    initializeBodies,
    notFoundStatus: 400,
    webhookUrl: null,
    async complete(reference, outcome, options = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`stand-in: no transaction ${reference}`);
      t.status = outcome;
      t.gatewayResponse = outcome === 'success' ? 'Successful' : 'Declined';
      if (options.amount !== undefined) t.amount = options.amount;
      if (outcome === 'success') {
        t.paidAt = new Date().toISOString();
        if (options.webhook !== false && stand.webhookUrl) await stand.sendWebhook(reference);
      }
    },
    async sendWebhook(reference, options = {}) {
      const t = transactions.get(reference);
      if (!t || !stand.webhookUrl) throw new Error('stand-in: nothing to send');
      return postEvent('charge.success', verifyData(t), options.badSignature);
    },
    banks: [
      { name: 'Access Bank', code: '044', active: true },
      { name: 'Guaranty Trust Bank', code: '058', active: true },
      { name: 'Zenith Bank', code: '057', active: true },
      { name: 'A Closed Bank', code: '999', active: false },
    ],
    accounts: new Map([['058:0123456789', 'ADAEZE OKAFOR FARMS']]),
    recipientBodies,
    transfers,
    transferBodies,
    balance: 1e12,
    transferStatus: 'pending',
    failTransfersWith: null,
    loseTransferAnswers: 0,
    transferAnswerAfterMs: 0,
    async finishTransfer(reference, outcome, options = {}) {
      const t = transfers.get(reference);
      if (!t || !stand.webhookUrl) throw new Error(`stand-in: no transfer ${reference}`);
      if (outcome !== 'success' && t.status !== 'failed' && t.status !== 'reversed')
        stand.balance += t.amount;
      t.status = outcome;
      return postEvent(`transfer.${outcome}`, transferData(t), options.badSignature);
    },
    refunds,
    refundOf,
    refuseRefunds: null,
    answerAfterMs: 0,
    failApiWith: null,
    async finishRefund(reference, outcome) {
      // The latest one still pending, or (a repeated webhook) the latest.
      const refund = refunds.get(reference)?.findLast((r) => r.status === 'pending') ?? refundOf(reference);
      const t = transactions.get(reference);
      if (!refund || !t || !stand.webhookUrl) throw new Error(`stand-in: no pending refund of ${reference}`);
      refund.status = outcome;
      if (outcome === 'processed' && leftOf(t) <= 0) t.status = 'reversed';
      return postEvent(`refund.${outcome}`, {
        id: refund.id,
        status: outcome,
        transaction_reference: reference,
        refund_reference: `RF${refund.id}`,
        amount: String(refund.amount),
        currency: 'NGN',
        customer: { email: t.email },
        domain: 'test',
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return stand;
}
