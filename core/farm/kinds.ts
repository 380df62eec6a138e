import type { FarmEntryKind } from '../../db/schema/enums';

/**
 * The words for the book's lines, wherever a farmer reads them: the lines waiting on the phone, the
 * cycle's latest entries and the cycle report (page and CSV). One list, so a line is called the same
 * thing on every screen.
 */
export const ENTRY_KIND_WORD: Record<FarmEntryKind, string> = {
  feeding: 'Feeding',
  deaths: 'Deaths',
  water: 'Water reading',
  sample: 'Sample',
  note: 'Note',
  harvest: 'Harvest',
  move_out: 'Moved out',
  move_in: 'Moved in',
};

/** A line's word, for a kind read from the phone's storage (which may hold one no longer known). */
export function entryKindWord(kind: string): string {
  return (ENTRY_KIND_WORD as Record<string, string>)[kind] ?? 'Entry';
}

/** A move's direction, as the report's table and CSV write it. */
export const MOVE_DIRECTION_WORD = { in: 'In', out: 'Out' } as const;

/** A harvest, as the report writes it: the final one closes the cycle. */
export function harvestWord(final: boolean): string {
  return final ? 'Final' : 'Partial';
}
