import { describe, expect, it, vi } from 'vitest';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { asksForChange } = await import('./email-change-section.tsx');

describe('asksForChange (when Change Email asks for the current password)', () => {
  it('not for an empty field or the current address, however it is typed', () => {
    expect(asksForChange('', 'ada@example.com')).toBe(false);
    expect(asksForChange('   ', 'ada@example.com')).toBe(false);
    expect(asksForChange(' Ada@Example.com ', 'ada@example.com')).toBe(false);
  });

  it('for another address, and for text that is not one yet (validation then says why)', () => {
    expect(asksForChange('ada@new.example', 'ada@example.com')).toBe(true);
    expect(asksForChange('ada@', 'ada@example.com')).toBe(true);
  });
});
