import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '#core/mail/mailer';
import { SmtpStandIn } from '../support/smtp-stand-in';

describe('the SMTP mailer', () => {
  const smtp = new SmtpStandIn();
  let mailer: Mailer;

  beforeAll(async () => {
    await smtp.start();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'FreshCatch <orders@freshcatch.ng>',
      outboxDir: '/nonexistent',
      logger: { info() {} },
    });
  });

  afterAll(async () => {
    mailer.close?.();
    await smtp.stop();
  });

  it('sends one message after another over the connection it already has', async () => {
    for (const n of [1, 2, 3])
      await mailer.send({
        to: `buyer${n}@example.com`,
        subject: `Receipt ${n}`,
        text: 'Thank you',
        html: '<p>Thank you</p>',
      });
    expect(smtp.received.map((mail) => mail.to)).toEqual([
      ['buyer1@example.com'],
      ['buyer2@example.com'],
      ['buyer3@example.com'],
    ]);
    expect(smtp.received[2]!.raw).toContain('Subject: Receipt 3');
    expect(smtp.connections).toBe(1);
  });
});
