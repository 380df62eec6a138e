/**
 * Data saver (issue 34): a buyer whose browser says `Save-Data: on`, or who turned on the footer's
 * switch, gets every picture at its smallest width and a carousel that does not move by itself. The
 * switch is remembered in a cookie of its own and wins over the header both ways, so a buyer can
 * also turn it off on a connection that asks for it.
 */
export const DATA_SAVER_COOKIE = 'fc_saver';
const REMEMBERED = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`);

/** Whether a page for this request is drawn for data saving. */
export function wantsDataSaver(
  cookieHeader: string | null | undefined,
  saveDataHeader: string | null | undefined,
): boolean {
  const remembered = cookieHeader ? REMEMBERED.exec(cookieHeader)?.[1] : undefined;
  if (remembered) return remembered === 'on';
  return saveDataHeader?.trim().toLowerCase() === 'on';
}
