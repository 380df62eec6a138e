import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '#core/mail/mailer';
import { SmtpStandIn } from '../support/smtp-stand-in';

describe('the SMTP mailer', () => {
  const smtp = new SmtpStandIn();
  let mailer: Mailer;
  const logged: object[] = [];

  beforeAll(async () => {
    await smtp.start();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'FreshCatch <orders@freshcatch.ng>',
      outboxDir: '/nonexistent',
      logger: { info: (line) => logged.push(line) },
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

  it("logs a sent mail by its Message-ID, never the buyer's address or the mail's links", async () => {
    logged.length = 0;
    await mailer.send({
      to: 'ada.obi@example.ng',
      subject: 'Reset your password',
      text: 'Open http://127.0.0.1:3000/api/auth/reset-password/secret-token',
      html: '<p>Reset</p>',
    });
    expect(logged).toHaveLength(1);
    const line = JSON.stringify(logged[0]);
    expect(line).not.toContain('ada.obi');
    expect(line).not.toContain('secret-token');
    expect(logged[0]).toEqual({
      messageId: expect.stringMatching(/^<.+@.+>$/),
      subject: 'Reset your password',
    });
  });

  it("keeps the address out of a refused send's error, which the job's log line shows", async () => {
    smtp.refuseWith = '550 <ada.obi@example.ng>: mailbox unavailable';
    try {
      const error = await mailer
        .send({ to: 'ada.obi@example.ng', subject: 'Receipt', text: 'Thank you', html: '<p>Thank you</p>' })
        .then(
          () => null,
          (refusal: unknown) => refusal as Error & { responseCode?: number },
        );
      expect(error?.message).toContain('550 <[recipient]>: mailbox unavailable');
      expect(JSON.stringify({ ...error, message: error?.message })).not.toContain('ada.obi');
      expect(error?.responseCode).toBe(451);
    } finally {
      smtp.refuseWith = null;
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes each message whole, as .eml and .json, and logs its address and link for the local user', async () => {
    const logged: object[] = [];
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-outbox-'));
    const outbox = createMailer({
      from: 'FreshCatch <orders@freshcatch.ng>',
      outboxDir,
      logger: { info: (line) => logged.push(line) },
    });
    await outbox.send({
      to: 'ada@example.ng',
      subject: 'Reset your password',
      text: 'Open http://127.0.0.1:3000/reset-password?token=abc',
      html: '<p>Reset</p>',
    });
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.map((file) => path.extname(file))).toEqual(['.eml', '.json']);
    const json = JSON.parse(readFileSync(path.join(outboxDir, files[1]!), 'utf8')) as Record<string, string>;
    expect(json).toMatchObject({
      to: 'ada@example.ng',
      subject: 'Reset your password',
      from: 'FreshCatch <orders@freshcatch.ng>',
    });
    expect(readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toContain('Subject: Reset your password');
    expect(logged).toEqual([
      expect.objectContaining({
        to: 'ada@example.ng',
        links: ['http://127.0.0.1:3000/reset-password?token=abc'],
      }),
    ]);
  });
});
