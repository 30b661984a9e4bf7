import { describe, expect, it } from 'vitest';
import {
  acceptSignInMessage,
  EMBED_SIGN_IN_MESSAGE,
  isSecureEmbedOrigin,
  normalizeOrigin,
  originAllowed,
  signInHandoff,
} from './embed.ts';

const STATE = 'a'.repeat(32);
const user = {
  id: 'u1',
  email: 'f@example.com',
  firstName: 'Fran',
  lastName: 'Chisor',
  role: 'franchisor' as const,
};

describe('origins (rule 18: scheme + host + port, exact)', () => {
  it('writes an origin one way', () => {
    expect(normalizeOrigin('HTTPS://Brand.COM:443')).toBe('https://brand.com');
    expect(normalizeOrigin('http://localhost:8790/')).toBe('http://localhost:8790');
    expect(normalizeOrigin('http://brand.com:80')).toBe('http://brand.com');
  });

  it('refuses what is not exactly an origin', () => {
    for (const bad of [
      '*',
      'https://*.brand.com',
      'null',
      '',
      'brand.com',
      'ftp://brand.com',
      'javascript:alert(1)',
      'https://brand.com/shop',
      'https://brand.com?x=1',
      'https://brand.com#x',
      'https://user:pw@brand.com',
    ]) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
  });

  it('matches scheme, host and port exactly; no suffix or prefix tricks', () => {
    const allowed = ['https://brand.com', 'http://localhost:8790'];
    expect(originAllowed(allowed, 'https://brand.com')).toBe(true);
    expect(originAllowed(allowed, 'https://brand.com:443')).toBe(true);
    expect(originAllowed(allowed, 'http://localhost:8790')).toBe(true);
    for (const other of [
      'https://brand.com.evil.test',
      'https://evilbrand.com',
      'https://www.brand.com',
      'https://sub.brand.com',
      'http://brand.com',
      'https://brand.com:8443',
      'http://localhost:8791',
      'http://127.0.0.1:8790',
      'null',
      '',
    ]) {
      expect(originAllowed(allowed, other), other).toBe(false);
    }
    // A wildcard in the list allows nothing.
    expect(originAllowed(['*'], 'https://brand.com')).toBe(false);
  });
});

describe('sign-in hand-off: where the popup may post the credentials', () => {
  const base = {
    key: 'pk_live_1',
    state: STATE,
    declaredOrigin: 'https://brand.com',
    allowedOrigins: ['https://brand.com'],
  };

  it('posts to the declared origin when the key allows it, normalised', () => {
    expect(signInHandoff(base)).toEqual({ ok: true, targetOrigin: 'https://brand.com' });
    expect(signInHandoff({ ...base, declaredOrigin: 'https://BRAND.com:443' })).toEqual({
      ok: true,
      targetOrigin: 'https://brand.com',
    });
  });

  it('refuses an origin the key does not allow, a bad origin, no state or no key', () => {
    expect(signInHandoff({ ...base, declaredOrigin: 'https://brand.com.evil.test' })).toEqual({
      ok: false,
      reason: 'origin-not-allowed',
    });
    expect(signInHandoff({ ...base, declaredOrigin: '*' })).toEqual({
      ok: false,
      reason: 'bad-origin',
    });
    expect(signInHandoff({ ...base, declaredOrigin: null })).toEqual({
      ok: false,
      reason: 'bad-origin',
    });
    expect(signInHandoff({ ...base, state: 'short' })).toEqual({
      ok: false,
      reason: 'missing-state',
    });
    expect(signInHandoff({ ...base, key: 'sk_secret' })).toEqual({
      ok: false,
      reason: 'missing-key',
    });
    expect(signInHandoff({ ...base, allowedOrigins: [] })).toEqual({
      ok: false,
      reason: 'origin-not-allowed',
    });
  });
});

describe('the element accepts only its own hand-off', () => {
  const popup = {};
  const data = {
    type: EMBED_SIGN_IN_MESSAGE,
    state: STATE,
    token: 'fmes_t',
    expiresAt: '2026-03-02T13:00:00.000Z',
    user,
  };
  const expected = { portalOrigin: 'https://fm.example', state: STATE, source: popup };

  it('takes the message of its popup, from the portal, with its state', () => {
    expect(
      acceptSignInMessage({ origin: 'https://fm.example', data, source: popup }, expected),
    ).toEqual(data);
  });

  it('ignores other origins, other windows, other states and other shapes', () => {
    expect(
      acceptSignInMessage({ origin: 'https://evil.test', data, source: popup }, expected),
    ).toBeNull();
    expect(
      acceptSignInMessage({ origin: 'https://fm.example', data, source: {} }, expected),
    ).toBeNull();
    expect(
      acceptSignInMessage(
        { origin: 'https://fm.example', data: { ...data, state: 'b'.repeat(32) }, source: popup },
        expected,
      ),
    ).toBeNull();
    expect(
      acceptSignInMessage(
        { origin: 'https://fm.example', data: { ...data, token: '' }, source: popup },
        expected,
      ),
    ).toBeNull();
    expect(
      acceptSignInMessage({ origin: 'https://fm.example', data: 'hello', source: popup }, expected),
    ).toBeNull();
  });
});

describe('the origins an embed key may allow (decision 029)', () => {
  it('is https://, or plain http:// on loopback only', () => {
    for (const good of [
      'https://brand.com',
      'https://shop.brand.com:8443',
      'http://localhost:5173',
      'http://127.0.0.1:8790',
      'HTTP://LOCALHOST',
    ]) {
      expect(isSecureEmbedOrigin(good), good).toBe(true);
    }
    for (const bad of [
      'http://evil.example',
      'http://brand.com',
      'http://192.168.1.20:8080',
      'http://localhost.evil.example',
      'http://127.0.0.2',
      'https://brand.com/shop',
      '*',
      null,
    ]) {
      expect(isSecureEmbedOrigin(bad), String(bad)).toBe(false);
    }
  });
});
