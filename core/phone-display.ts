/** What a phone field says when it holds something that is not a number anyone can call. */
export const PHONE_MESSAGE = 'Please enter a phone number we can call, such as 0803 555 0142';

/**
 * A stored phone number as people here write it: a Nigerian one (+234 and ten digits, as `phoneToE164`
 * stores it) in its national form, "0803 123 4567"; any other as stored (a foreign number in E.164,
 * or one saved before numbers were stored so). Small enough for every page (no metadata).
 */
export function displayPhone(stored: string): string {
  const nigerian = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(stored);
  return nigerian ? `0${nigerian[1]} ${nigerian[2]} ${nigerian[3]}` : stored;
}

/**
 * The part of a stored number that a typed fragment of one stands for, so a search for "0809 111"
 * finds +2348091112222: the digits, with a leading 0 or 234 read as Nigeria's +234. Null for text that
 * is not a fragment of a number (fewer than three digits, or letters).
 */
export function phoneSearchForm(text: string): string | null {
  if (!/^[\d\s()+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return digits;
}
