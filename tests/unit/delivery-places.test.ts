import { describe, expect, it } from 'vitest';
import { locationSuggestions } from '#core/delivery/methods';
import {
  matchPlace,
  pickedPlace,
  PLACE_NOT_LISTED,
  PLACE_NOT_LISTED_NOTE,
  placeKey,
} from '#core/delivery/places';

// Issue 48 item 2: places are chosen from the list the shop delivers to (the delivery rates' locations and
// spec §9's suggestions); one typed by hand is matched where it plainly means one, and never guessed.
const list = locationSuggestions(['Warri', 'Port Harcourt', 'Yenagoa']);

describe('a typed place against the delivery list', () => {
  it.each([
    ['  port harcourt ', 'Port Harcourt'],
    ['PORT HARCOURT', 'Port Harcourt'],
    ['Port   Harcourt', 'Port Harcourt'],
    ['\tport\u00a0harcourt\n', 'Port Harcourt'],
    ['lagos', 'Lagos'],
    [' abuja', 'Abuja'],
    ['warri', 'Warri'],
    ['YENAGOA ', 'Yenagoa'],
  ])('"%s" plainly means %s: listed, in the list’s spelling', (typed, place) => {
    expect(matchPlace(typed, list)).toEqual({ place, listed: true });
  });

  it.each([
    ['PH', 'PH'],
    [' ph ', 'ph'],
    ['Port Harcort', 'Port Harcort'],
    ['PortHarcourt', 'PortHarcourt'],
    ['Port Harcourt, Rivers', 'Port Harcourt, Rivers'],
    ['Eket  ', 'Eket'],
  ])('"%s" is not guessed: not listed, kept as typed (trimmed)', (typed, kept) => {
    expect(matchPlace(typed, list)).toEqual({ place: kept, listed: false });
  });

  it('a blank is no place, and an empty list lists nothing', () => {
    expect(matchPlace('   ', list)).toEqual({ place: '', listed: false });
    expect(matchPlace('Lagos', [])).toEqual({ place: 'Lagos', listed: false });
  });

  it('two spellings of one place share a key; the list holds each place once', () => {
    expect(placeKey('  Port   HARCOURT ')).toBe(placeKey('port harcourt'));
    expect(placeKey('PH')).not.toBe(placeKey('Port Harcourt'));
    expect(locationSuggestions(['port  harcourt', 'Warri', 'warri ', 'Eleme'])).toEqual([
      'Port Harcourt',
      'Lagos',
      'Abuja',
      'Warri',
      'Eleme',
    ]);
  });
});

describe('a place picker’s form', () => {
  it('sends the place chosen, or the town typed beside "My town is not listed"', () => {
    expect(pickedPlace('Lagos', 'ignored')).toBe('Lagos');
    expect(pickedPlace(PLACE_NOT_LISTED, '  Eket ')).toBe('Eket');
    expect(pickedPlace(PLACE_NOT_LISTED, undefined)).toBe('');
    expect(pickedPlace('', '')).toBe('');
    expect(pickedPlace(undefined, undefined)).toBe('');
  });

  it('says what a town off the list means before paying: the default fees and no delivery slots', () => {
    expect(PLACE_NOT_LISTED_NOTE).toBe(
      'Your town is not on our delivery list: delivery costs the default fee for the method you choose, and there are no delivery slots to book.',
    );
  });
});
