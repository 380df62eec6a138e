import type { MessageChannel } from '../../db/schema/enums';
import type { MessageKind } from './templates';

/** A message as a transport sends it. */
export interface OutgoingMessage {
  /** Our id: sent along (WhatsApp's `biz_opaque_callback_data`) so a report can find it. */
  id: string;
  channel: MessageChannel;
  /** E.164, "+234…". */
  to: string;
  kind: MessageKind;
  params: string[];
  /** What the buyer reads: the template filled in, or the SMS. */
  body: string;
}

/** Sends messages of one channel: WhatsApp's Cloud API, Termii, or the outbox when neither is set up. */
export interface MessageTransport {
  /** Recorded with each message it sends: 'whatsapp', 'termii' or 'outbox'. */
  readonly name: string;
  /** The provider's id of the message, when it gives one. Throws TransportError when it is refused. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

/**
 * A message the provider did not take, or may not have. `outcome`:
 * - 'retry': it did not, for now (a 429, a 5xx, no connection): try again later;
 * - 'refused': it never will (no WhatsApp on the number, a template refused): the message fails and, on
 *   WhatsApp, an SMS stands in;
 * - 'unknown': the request went out and no answer came (a timeout, a connection cut): the provider may
 *   have it, so it is not sent again blindly (deliver.ts).
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly outcome: 'retry' | 'refused' | 'unknown',
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * What a failed fetch means: refused before the request left (no connection, no such host: safe to
 * send again), or cut off after (a timeout, a reset: the provider may have it).
 */
export function fetchFailure(provider: string, error: unknown): TransportError {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const before = cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN';
  return new TransportError(
    `${provider} ${before ? 'is unreachable' : 'did not answer'}: ${(error as Error).message}`,
    before ? 'unreachable' : 'no_answer',
    before ? 'retry' : 'unknown',
  );
}
