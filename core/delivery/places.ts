/**
 * The places the shop delivers to (browser-safe): a place typed by hand is matched to the list where it
 * plainly means one of its places — whatever its case or spacing ("  port harcourt " is Port Harcourt) —
 * and kept as typed where it does not. Nothing is guessed: "PH" is not Port Harcourt, "Port Harcort" is
 * not either. A town off the list is still delivered to, at the default fees and without slots.
 */

/** The value of the "My town is not listed" choice of a place picker (no place is spelled so). */
export const PLACE_NOT_LISTED = '(not listed)';
export const PLACE_NOT_LISTED_LABEL = 'My town is not listed';

/** What choosing a town off the list means, said before the buyer pays. */
export const PLACE_NOT_LISTED_NOTE =
  'Your town is not on our delivery list: delivery costs the default fee for the method you choose, and there are no delivery slots to book.';

/** The owner's mark on a place (a profile's, a slot's) that is not on the delivery list. */
export const PLACE_NOT_ON_LIST_MARK = 'not on the delivery list';

/** Slots are set where a delivery rate exists: the slot form's refusal of any other location. */
export const SLOT_PLACE_NOT_RATED =
  'Choose a location that has a delivery rate: slots are only offered where the shop has a rate.';

/** A place's name as the list keeps it: trimmed, runs of spaces made one. */
export function placeName(typed: string): string {
  return typed.trim().replace(/\s+/g, ' ');
}

/** What two spellings of one place share: the name, in lower case. */
export function placeKey(typed: string): string {
  return placeName(typed).toLowerCase();
}

export interface PlaceMatch {
  /** The list's spelling of the place when it is listed; otherwise what was typed, trimmed. */
  place: string;
  listed: boolean;
}

/** A typed place against the list: the list's spelling where it plainly means one of its places. */
export function matchPlace(typed: string, list: readonly string[]): PlaceMatch {
  const key = placeKey(typed);
  const found = key ? list.find((name) => placeKey(name) === key) : undefined;
  return found === undefined ? { place: typed.trim(), listed: false } : { place: found, listed: true };
}

/** The distinct places of `names` (the first spelling of each, tidied), blanks left out. */
export function distinctPlaces(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const places: string[] = [];
  for (const typed of names) {
    const name = placeName(typed);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    places.push(name);
  }
  return places;
}

/**
 * The place a picker's form sent: the chosen place, or the town typed beside "My town is not listed".
 * The result is matched against the list by `matchPlace` where it is saved.
 */
export function pickedPlace(choice: string | undefined, typed: string | undefined): string {
  return (choice === PLACE_NOT_LISTED ? typed : choice)?.trim() ?? '';
}
