import type { MailMessage, Mailer } from '#core/mail/mailer';

/** Collects messages instead of sending them; tests read the links out of them. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
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
