import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local mail server (the `smtp-server` library, the SMTP protocol as a real server speaks it) on a
 * fixed port, which a test can stop (connections refused), start again, or set to refuse messages
 * with a temporary error (451) as a server in trouble does.
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  /** While set, every message is answered with this temporary failure. */
  refuseWith: string | null = null;
  /** While set, messages to this address (only) are refused with a temporary failure. */
  refuseTo: string | null = null;
  /** Connections opened to it so far. */
  connections = 0;
  private server: SMTPServer | null = null;

  constructor(public port = 0) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A server that goes down drops its connections, pooled ones included (core/mail/mailer.ts).
      closeTimeout: 50,
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const refused =
            this.refuseTo !== null && session.envelope.rcptTo.some((r) => r.address === this.refuseTo);
          if (this.refuseWith || refused) {
            const error = Object.assign(new Error(this.refuseWith ?? 'Mailbox busy'), { responseCode: 451 });
            callback(error);
            return;
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Stops listening and drops open connections: the next is refused, as with a mail server that is down. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }
}
