import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number as a buyer types it, as E.164 (issue 35): "0803 123 4567", "08031234567",
 * "+234 803 123 4567", "2348031234567" and "+234 (0) 803 123 4567" are all +2348031234567. Nigerian
 * unless it says otherwise; null when it is not a number anyone can call (libphonenumber-js, with its
 * full metadata: a number is checked against the country's own ranges, not only its length).
 * Server-only: the metadata is ~150 KB, so pages show numbers with `displayPhone` instead.
 */
export function phoneToE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), 'NG');
  return parsed?.isValid() ? parsed.number : null;
}
