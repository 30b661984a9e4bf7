import { describe, expect, it } from 'vitest';
import { forwardedClient } from './client-ip.ts';

describe('forwardedClient', () => {
  it('takes the hop the trusted proxy appended, not what the client wrote before it', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(forwardedClient('1.1.1.1,2.2.2.2 ,  198.51.100.2')).toBe('198.51.100.2');
  });

  it('reads a single hop and ignores empty entries', () => {
    expect(forwardedClient('203.0.113.7')).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7, ')).toBe('203.0.113.7');
  });

  it('has nothing to say without a header', () => {
    expect(forwardedClient(undefined)).toBeNull();
    expect(forwardedClient('')).toBeNull();
    expect(forwardedClient(' , ')).toBeNull();
  });
});
