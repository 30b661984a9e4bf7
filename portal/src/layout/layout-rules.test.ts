import { describe, expect, it } from 'vitest';
import { layoutChromeFor } from './layout-rules.ts';

describe('layoutChromeFor', () => {
  it.each([
    '/my-profile/general',
    '/my-profile/change-password',
    '/consultants/abc',
    '/bookings/123',
    '/chats/9',
  ])('hides the header on mobile for the detail page %s', (path) => {
    expect(layoutChromeFor(path).hideHeaderOnMobile).toBe(true);
  });

  it.each([
    '/',
    '/my-profile',
    '/consultants',
    '/bookings',
    '/chats',
    '/franchisors/abc',
    '/payments',
  ])('keeps the header on %s', (path) => {
    expect(layoutChromeFor(path).hideHeaderOnMobile).toBe(false);
  });

  it.each(['/chats', '/chats/9', '/my-profile/general'])('hides the footer on %s', (path) => {
    expect(layoutChromeFor(path).hideFooter).toBe(true);
  });

  it.each(['/', '/my-profile', '/consultants/abc', '/bookings/1'])(
    'keeps the footer on %s',
    (path) => {
      expect(layoutChromeFor(path).hideFooter).toBe(false);
    },
  );
});
