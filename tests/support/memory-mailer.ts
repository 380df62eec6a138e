import type { MailMessage, Mailer } from '#core/mail/mailer';

/** Collects messages instead of sending them; tests read the links out of them. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** While true, every send fails as an unreachable mail server's would. */
  refusing = false;
  /** How long a send takes, as a real mail server's round trip does. */
  sendingTakesMs = 0;

  async send(message: MailMessage): Promise<void> {
    if (this.sendingTakesMs > 0) await new Promise((resolve) => setTimeout(resolve, this.sendingTakesMs));
    if (this.refusing) throw new Error('connect ECONNREFUSED 127.0.0.1:587 (the mail server is down)');
    this.sent.push(message);
  }

  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }

  linkIn(message: MailMessage | undefined): string {
    const link = message?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link in mail: ${message?.subject ?? '(none)'}`);
    return link;
  }
}
