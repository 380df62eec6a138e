import { describe, expect, it } from 'vitest';
import { wantsDataSaver } from '#core/data-saver';

describe('data saver: the Save-Data header, or the switch the buyer remembered (issue 34)', () => {
  it('follows Save-Data: on when the buyer has not used the switch', () => {
    expect(wantsDataSaver(null, 'on')).toBe(true);
    expect(wantsDataSaver('a=1', ' On ')).toBe(true);
    expect(wantsDataSaver(null, null)).toBe(false);
    expect(wantsDataSaver(null, 'off')).toBe(false);
  });

  it('the remembered switch wins over the header, both ways', () => {
    expect(wantsDataSaver('fc_saver=off', 'on')).toBe(false);
    expect(wantsDataSaver('x=1; fc_saver=on', null)).toBe(true);
    expect(wantsDataSaver('fc_saver=on; y=2', 'off')).toBe(true);
  });

  it('reads only its own cookie, and only its two values', () => {
    expect(wantsDataSaver('not_fc_saver=on', null)).toBe(false);
    expect(wantsDataSaver('fc_saver=onward', null)).toBe(false);
    expect(wantsDataSaver('fc_saver=maybe', 'on')).toBe(true);
  });
});
