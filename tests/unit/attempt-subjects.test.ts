import { describe, expect, it } from 'vitest';
import { addressKey, tryAgainIn } from '#core/limits/attempts';

describe('who a client address stands for, when tries are counted', () => {
  it('an IPv4 address is itself, written either way', () => {
    expect(addressKey('197.210.54.12')).toBe('197.210.54.12');
    expect(addressKey('::ffff:197.210.54.12')).toBe('197.210.54.12');
  });

  it('an IPv6 address stands for its /64, however it is written', () => {
    const network = '2c0f:f5c0:b:1a2b::/64';
    for (const address of [
      '2c0f:f5c0:b:1a2b::1',
      '2c0f:f5c0:000b:1a2b:0000:0000:0000:0001',
      '2C0F:F5C0:B:1A2B:dead:beef:1:2',
      '2c0f:f5c0:b:1a2b:ffff::9%eth0',
    ])
      expect(addressKey(address), address).toBe(network);
    expect(addressKey('2c0f:f5c0:b:1a2c::1')).not.toBe(network);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('when a refused try may be made again', () => {
  it('says seconds under a minute, whole minutes after', () => {
    expect(tryAgainIn(1)).toBe('in 1 second');
    expect(tryAgainIn(45)).toBe('in 45 seconds');
    expect(tryAgainIn(60)).toBe('in 1 minute');
    expect(tryAgainIn(61)).toBe('in 2 minutes');
    expect(tryAgainIn(3600)).toBe('in 60 minutes');
  });
});
