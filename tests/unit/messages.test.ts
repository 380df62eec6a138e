import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactWording } from '#core/messages/contact';
import {
  fillTemplate,
  itemsLine,
  MESSAGE_KINDS,
  parameterCount,
  SMS_BODIES,
  TEMPLATE_BODIES,
  TEMPLATE_EXAMPLES,
  templateParameter,
} from '#core/messages/templates';
import { isValidTermiiSignature, signTermiiBody, termiiReport } from '#core/messages/termii';
import { isValidWhatsAppSignature, signWhatsAppBody, whatsAppReports } from '#core/messages/whatsapp';

describe('the message templates', () => {
  it('are registered with Meta as docs/messages.md says, each with an example for every parameter', () => {
    const docs = readFileSync('docs/messages.md', 'utf8');
    for (const kind of MESSAGE_KINDS) {
      expect(docs, kind).toContain(TEMPLATE_BODIES[kind]);
      expect(docs, kind).toContain(SMS_BODIES[kind]);
      expect(TEMPLATE_EXAMPLES[kind], kind).toHaveLength(parameterCount(kind));
      for (const example of TEMPLATE_EXAMPLES[kind]) expect(docs).toContain(example);
    }
  });

  it('no body starts or ends with a parameter (Meta refuses such templates)', () => {
    for (const kind of MESSAGE_KINDS) {
      expect(TEMPLATE_BODIES[kind], kind).not.toMatch(/^\s*\{\{\d+\}\}/);
      expect(TEMPLATE_BODIES[kind], kind).not.toMatch(/\{\{\d+\}\}\W*$/);
    }
  });

  it('a parameter never carries what Meta refuses: new lines, tabs, five spaces in a row', () => {
    expect(templateParameter('Deliver to:\n12 Aba Road\t(gate)     back')).toBe(
      'Deliver to: 12 Aba Road (gate) back',
    );
    expect(templateParameter('x'.repeat(400))).toHaveLength(300);
  });

  it('fills a body by number, and lists an order’s lines on one line', () => {
    expect(
      fillTemplate(TEMPLATE_BODIES.order_update, ['7ef7b748', 'Your order has been cancelled.', 'u']),
    ).toBe(
      'FreshCatch order #7ef7b748: Your order has been cancelled. Follow your order here: u\nReply here if you have a question.',
    );
    const lines = Array.from({ length: 7 }, (_, i) => ({ name: `Fish ${i + 1}`, quantity: i + 1 }));
    expect(itemsLine(lines)).toBe('1 × Fish 1, 2 × Fish 2, 3 × Fish 3, 4 × Fish 4, 5 × Fish 5 and 2 more');
  });

  it('an SMS of each kind is one text (160 characters) with a typical order', () => {
    const link = 'https://freshcatch.ng/account/orders/7ef7b748-0000-4000-8000-000000000000';
    expect(
      fillTemplate(SMS_BODIES.order_update, ['7ef7b748', 'Your order is now being processed.', link]).length,
    ).toBeLessThanOrEqual(160);
    expect(
      fillTemplate(SMS_BODIES.payment_reminder, ['7ef7b748', '₦18,500', '14:35', link]).length,
    ).toBeLessThanOrEqual(160);
  });

  it('the consent wording names the number as buyers write it', () => {
    expect(contactWording('whatsapp', '+2348031234567')).toBe(
      'Send my order updates and payment reminders on WhatsApp to 0803 123 4567.',
    );
    expect(contactWording('email', '+2348031234567')).toBe('Send my order updates by e-mail only.');
  });
});

describe('the providers’ reports', () => {
  it('reads WhatsApp statuses, leaving out what is not one', () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { value: { messages: [{ from: '234803', type: 'text' }] } },
            {
              value: {
                statuses: [
                  {
                    id: 'wamid.A',
                    status: 'delivered',
                    timestamp: '1795946931',
                    biz_opaque_callback_data: 'ours',
                  },
                  {
                    id: 'wamid.B',
                    status: 'failed',
                    timestamp: '1795946931',
                    errors: [
                      { code: 131026, title: 'Undeliverable', error_data: { details: 'not on WhatsApp' } },
                    ],
                  },
                  { id: 'wamid.C', status: 'deleted', timestamp: '1795946931' },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(whatsAppReports(payload)).toEqual([
      { providerMessageId: 'wamid.A', ourId: 'ours', status: 'delivered', at: new Date(1795946931000) },
      {
        providerMessageId: 'wamid.B',
        ourId: undefined,
        status: 'failed',
        at: new Date(1795946931000),
        error: { code: '131026', detail: 'not on WhatsApp' },
      },
    ]);
    for (const junk of [null, 'x', { entry: 'x' }, { entry: [{ changes: [null] }] }])
      expect(whatsAppReports(junk)).toEqual([]);
  });

  it('reads Termii’s status text by its start, whatever the case', () => {
    const report = (status: string) =>
      termiiReport({ message_id: 3017544054459, status, sent_at: '2026-11-29 10:00:00' })?.status ?? null;
    expect(report('Delivered')).toBe('delivered');
    expect(report('DELIVERED | Message delivered to handset')).toBe('delivered');
    expect(report('Message Sent')).toBe('sent');
    expect(report('DND Active on Phone Number')).toBe('failed');
    expect(report('Rejected')).toBe('failed');
    expect(report('Expired')).toBe('failed');
    expect(report('Message Failed')).toBe('failed');
    expect(report('Received')).toBeNull();
    expect(termiiReport({ status: 'Delivered' })).toBeNull();
  });

  it('checks each provider’s signature on the raw bytes, and refuses a near miss', () => {
    const body = Buffer.from('{"a":1}');
    expect(isValidWhatsAppSignature(body, signWhatsAppBody(body, 's3cret'), 's3cret')).toBe(true);
    expect(isValidWhatsAppSignature(body, signWhatsAppBody(body, 'other'), 's3cret')).toBe(false);
    expect(isValidWhatsAppSignature(Buffer.from('{"a":2}'), signWhatsAppBody(body, 's3cret'), 's3cret')).toBe(
      false,
    );
    expect(
      isValidWhatsAppSignature(body, signWhatsAppBody(body, 's3cret').replace('sha256=', ''), 's3cret'),
    ).toBe(false);
    expect(isValidWhatsAppSignature(body, null, 's3cret')).toBe(false);
    // Anything around the signature is refused: another scheme, or bytes after it.
    const good = signWhatsAppBody(body, 's3cret');
    expect(isValidWhatsAppSignature(body, good.replace('sha256=', 'sha1='), 's3cret')).toBe(false);
    expect(isValidWhatsAppSignature(body, `${good}=00`, 's3cret')).toBe(false);
    expect(isValidWhatsAppSignature(body, `${good}00`, 's3cret')).toBe(false);
    // Hex is read whatever its case, as Node's own HMAC check would.
    expect(isValidWhatsAppSignature(body, good.toUpperCase().replace('SHA256=', 'sha256='), 's3cret')).toBe(
      true,
    );
    expect(isValidTermiiSignature(body, signTermiiBody(body, 'tsk'), 'tsk')).toBe(true);
    expect(isValidTermiiSignature(body, signTermiiBody(body, 'tsk').slice(2), 'tsk')).toBe(false);
    expect(isValidTermiiSignature(body, undefined, 'tsk')).toBe(false);
    expect(isValidTermiiSignature(body, `${signTermiiBody(body, 'tsk').slice(2)}zz`, 'tsk')).toBe(false);
  });
});
