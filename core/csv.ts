/**
 * The house's CSV (the orders export, the farm's cycle report): csv-stringify quotes, a byte-order mark
 * so a spreadsheet reads ₦ and names as UTF-8, and text that would run as a formula written as text.
 */

/**
 * A name or address that starts like a formula (=, +, -, @, tab, return) would run when the export is
 * opened in a spreadsheet: it is written as text, with a leading apostrophe (OWASP's advice).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
