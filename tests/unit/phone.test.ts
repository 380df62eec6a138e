import { describe, expect, it } from 'vitest';
import { phoneToE164 } from '#core/phone';
import { displayPhone, phoneSearchForm } from '#core/phone-display';

describe('phone numbers as Nigerians type them (issue 35)', () => {
  it('keeps every usual way of writing a Nigerian mobile as one E.164 number', () => {
    for (const typed of [
      '0803 123 4567',
      '08031234567',
      '0803-123-4567',
      '(0803) 123 4567',
      '+2348031234567',
      '+234 803 123 4567',
      '2348031234567',
      '234 803 123 4567',
      '+234 (0) 803 123 4567',
      ' 0803 123 4567 ',
    ])
      expect(phoneToE164(typed), typed).toBe('+2348031234567');
    expect(phoneToE164('0909 111 2222')).toBe('+2349091112222');
    expect(phoneToE164('0701 234 5678')).toBe('+2347012345678');
  });

  it('refuses what is not a number anyone can call', () => {
    for (const typed of ['0803 555', '12345', 'call me', '', '0803 123 4567 8', '+234 1'])
      expect(phoneToE164(typed), typed).toBeNull();
  });

  it('shows a kept Nigerian number in the national form, anything else as kept', () => {
    expect(displayPhone('+2348031234567')).toBe('0803 123 4567');
    expect(displayPhone('+447911123456')).toBe('+447911123456');
    // Saved before numbers were kept as E.164.
    expect(displayPhone('0803 555 0101')).toBe('0803 555 0101');
    expect(displayPhone('')).toBe('');
  });

  it('reads a typed fragment of a number as the part of a kept one it stands for', () => {
    expect(phoneSearchForm('0809 111')).toBe('+234809111');
    expect(phoneSearchForm('+234 809 111')).toBe('+234809111');
    expect(phoneSearchForm('2348091')).toBe('+2348091');
    expect(phoneSearchForm('111 2222')).toBe('1112222');
    expect(phoneSearchForm('Zulu Close')).toBeNull();
    expect(phoneSearchForm('7a')).toBeNull();
    expect(phoneSearchForm('12')).toBeNull();
  });
});
