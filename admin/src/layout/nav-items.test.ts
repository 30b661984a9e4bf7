import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-items.ts';

describe('the sidebar (admin-panel §2)', () => {
  it('gives every entry its own icon and its own path, so no two entries look alike', () => {
    const icons = NAV_ITEMS.map((item) => item.icon);
    expect(new Set(icons).size).toBe(NAV_ITEMS.length);
    expect(new Set(NAV_ITEMS.map((item) => item.to)).size).toBe(NAV_ITEMS.length);
  });
});
