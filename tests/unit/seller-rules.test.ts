import { describe, expect, it } from 'vitest';
import {
  commissionOrNull,
  isActiveStatus,
  whyNotPayable,
  nextStatus,
  nubanOrNull,
  payoutsHeldUntil,
} from '#core/sellers/rules';

describe("the seller's rules (issue 51 §1)", () => {
  it('moves a seller only along the table: apply → approve or decline, approve → suspend → approve', () => {
    expect(nextStatus('applied', 'approve')).toBe('approved');
    expect(nextStatus('applied', 'decline')).toBe('declined');
    expect(nextStatus('approved', 'suspend')).toBe('suspended');
    expect(nextStatus('suspended', 'approve')).toBe('approved');
    expect(nextStatus('approved', 'approve')).toBeNull();
    expect(nextStatus('declined', 'approve')).toBeNull();
    expect(nextStatus('approved', 'decline')).toBeNull();
    expect(nextStatus('applied', 'suspend')).toBeNull();
  });

  it('takes a whole percent from 0 to 100 as the commission, nothing else', () => {
    expect(commissionOrNull('0')).toBe(0);
    expect(commissionOrNull(' 12 ')).toBe(12);
    expect(commissionOrNull(100)).toBe(100);
    for (const bad of ['-1', '101', '12.5', '', 'ten', null, undefined, Number.NaN])
      expect(commissionOrNull(bad)).toBeNull();
  });

  it('reads a NUBAN of 10 digits, with the spaces people type between them', () => {
    expect(nubanOrNull('0123 456 789')).toBe('0123456789');
    expect(nubanOrNull('012-345-6789')).toBe('0123456789');
    expect(nubanOrNull('123456789')).toBeNull();
    expect(nubanOrNull('01234567890')).toBeNull();
    expect(nubanOrNull('01234S6789')).toBeNull();
  });

  it('holds payouts 24 hours after a bank change, and pays only an approved seller with a recipient', () => {
    const changedAt = new Date('2026-12-02T10:00:00Z');
    const heldUntil = payoutsHeldUntil(changedAt);
    expect(heldUntil.toISOString()).toBe('2026-12-03T10:00:00.000Z');
    const seller = { status: 'approved' as const, recipientCode: 'RCP_x', payoutsHeldUntil: heldUntil };
    expect(whyNotPayable(seller, new Date('2026-12-03T09:59:59Z'))).toBe('held');
    expect(whyNotPayable(seller, heldUntil)).toBeNull();
    expect(whyNotPayable({ ...seller, status: 'suspended' }, heldUntil)).toBe('suspended');
    expect(whyNotPayable({ ...seller, status: 'applied' }, heldUntil)).toBe('not_approved');
    expect(whyNotPayable({ ...seller, recipientCode: null }, heldUntil)).toBe('not_approved');
    expect(isActiveStatus('declined')).toBe(false);
    expect(isActiveStatus('suspended')).toBe(true);
  });
});
