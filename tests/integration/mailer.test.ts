import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

describe('the outbox (no SMTP_URL)', () => {
  it('writes each message whole, as .eml and .json, and leaves nothing half-written', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-outbox-'));
    const outbox = createMailer({
      from: 'FreshCatch <orders@freshcatch.ng>',
      outboxDir,
      logger: { info() {} },
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
  });
});
