import { mkdirSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { deleteFilesWrittenBefore, writeWhole } from '../files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, `<unique@host>`; the job queue sets it so a repeated send is recognisable. */
  messageId?: string;
}

/** Mail runs the mail queue, so it says what its job carries (core/jobs/queue.ts imports no domain). */
declare module '../jobs/queue' {
  interface JobData {
    mail: MailMessage;
  }
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes what it holds open (SMTP connections), at shutdown. */
  close?(): void;
}

interface LogLike {
  info(obj: object, msg?: string): void;
}

/**
 * SMTP when `smtpUrl` is set. Otherwise every message is written to `outboxDir` (an .eml file to open
 * in a mail program and a .json twin for scripts) and to the log with its address and links, so a local
 * user can click the link: the embedded default's way, which the server says at start-up
 * (`mailNotice`, server/env.ts). With SMTP the log keeps only the Message-ID and the subject.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: LogLike;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits on every step: a mail server that hangs fails the job, which retries.
    // Pooled: a connection (its TCP and TLS handshakes, the server's greeting) serves up to 100
    // messages instead of one. A connection per message cost 4.1 ms of CPU per receipt against
    // 1.7 ms pooled, before TLS (decision 029). An idle connection closes after socketTimeout.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 2,
      maxMessages: 100,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message }).catch((error: unknown) => {
          throw withoutAddress(error, message.to);
        });
        // Neither the address nor the text's links: a live shop's log is read by more people than the
        // mail was for, and a link can sign someone in. The Message-ID finds the mail at the provider.
        options.logger.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const base = path.join(
        options.outboxDir,
        // The pid keeps two server processes (WEB_CONCURRENCY) from writing the same name.
        `${Date.now()}-${String(++sequence).padStart(4, '0')}-${process.pid}-${safeTo}`,
      );
      writeWhole(`${base}.eml`, info.message as Buffer);
      writeWhole(`${base}.json`, JSON.stringify({ ...message, from: options.from }, null, 2));
      options.logger.info(
        { to: message.to, subject: message.subject, file: `${base}.eml`, links: extractLinks(message.text) },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}

/**
 * Deletes the outbox's mails written before `before` (the .eml and its .json twin, and a half-written
 * one a crash left): they carry the address and the links, and outlive their use (core/retention.ts).
 * The folder's other files and folders (messages/, core/messages/outbox.ts) are not the mailer's.
 * Returns how many files went.
 */
export function forgetOutboxMail(outboxDir: string, before: Date): Promise<number> {
  return deleteFilesWrittenBefore(outboxDir, before, (name) => /\.(eml|json)(\.partial)?$/.test(name));
}

/**
 * A refused send as the job's log line will show it: a mail server's answer often quotes the address
 * ("550 <ada@…>: mailbox unavailable"), and nodemailer lists it in `rejected`. The code and the rest of
 * the answer stay, to tell a full mailbox from a wrong password.
 */
function withoutAddress(error: unknown, address: string): Error {
  const text = error instanceof Error ? error.message : String(error);
  const kept = new Error(text.split(address).join('[recipient]'));
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return Object.assign(kept, { code, responseCode });
}

function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
