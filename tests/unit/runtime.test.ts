import { describe, expect, it } from 'vitest';
import { runtimeAdvice } from '../../server/runtime';

describe('runtimeAdvice (production start-up, docs/decisions/027)', () => {
  it('tells the operator to move off a Node.js past its end of life', () => {
    expect(runtimeAdvice('v20.20.2')).toBe(
      'Node.js v20.20.2 no longer gets security fixes, and the shop needs more CPU per page on it: ' +
        'run production on Node.js 24, the current LTS (docs/decisions/027).',
    );
    expect(runtimeAdvice('v18.20.8')).toContain('Node.js 24');
  });

  it('says nothing on a supported release', () => {
    expect(runtimeAdvice('v22.23.3')).toBeNull();
    expect(runtimeAdvice('v24.21.0')).toBeNull();
    expect(runtimeAdvice('v26.12.1')).toBeNull();
  });

  it('says nothing when the version cannot be read', () => {
    expect(runtimeAdvice('nightly')).toBeNull();
  });
});
