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
 * A message the provider did not take. `retryable`: try again later (a 429, a 5xx, a timeout); not
 * retryable: it never will (no WhatsApp on the number, a template refused), so the message fails and,
 * on WhatsApp, an SMS stands in for it.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
