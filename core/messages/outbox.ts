import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deleteFilesWrittenBefore, writeWhole } from '../files';
import type { MessageTransport } from './transport';

/**
 * The transport of a channel whose credentials are not set (WHATSAPP_*, TERMII_*): each message is
 * written to `outboxDir` as JSON, what the provider would have been sent and what the buyer would read,
 * and logged, as e-mails are without SMTP_URL. The message is recorded as accepted by 'outbox'.
 */
export function outboxTransport(options: {
  outboxDir: string;
  logger: { info(obj: object, msg?: string): void };
  /** Which variables would send it for real, for the log. */
  unset: string;
}): MessageTransport {
  let sequence = 0;
  return {
    name: 'outbox',
    async send(message) {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        // The pid keeps two server processes (WEB_CONCURRENCY) from writing the same name.
        // Named by the message's id, not the buyer's number: the file outlives an account's deletion.
        `${Date.now()}-${String(++sequence).padStart(4, '0')}-${process.pid}-${message.channel}-${message.id}.json`,
      );
      writeWhole(file, JSON.stringify(message, null, 2));
      options.logger.info(
        { channel: message.channel, message: message.id, kind: message.kind, file },
        `message written to the outbox (${options.unset} not set)`,
      );
      return { providerMessageId: null };
    },
  };
}

/**
 * Deletes the outbox's messages written before `before` (each holds the number it went to): the message log keeps
 * what was sent (core/retention.ts). Returns how many files went.
 */
export function forgetOutboxMessages(outboxDir: string, before: Date): Promise<number> {
  return deleteFilesWrittenBefore(outboxDir, before, (name) => /\.json(\.partial)?$/.test(name));
}
