/** Text for HTML built by hand (e-mails, the server's own error page): the five characters escaped. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Text typed into a search box or a filter in the address, with control characters (NUL and the like)
 * turned into spaces: they mean nothing there, and PostgreSQL refuses a NUL in any text parameter.
 */
export function searchText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/**
 * Escapes LIKE wildcards so a search for "50%" finds "50%" literally (every list's search box: catalogue,
 * orders, users).
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether text holds a NUL (U+0000), which PostgreSQL cannot store in text: a form that sends one is
 * refused with NUL_REFUSED rather than reaching the database (app/lib/forms.ts).
 */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * Whether any string in a parsed JSON value (object keys included) holds a NUL. Walked with a list of
 * its own, not by recursion, so a body nested thousands deep cannot exhaust the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasNul(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (hasNul(key)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

export const NUL_REFUSED = 'This field contains a character that cannot be saved. Please type it again.';
