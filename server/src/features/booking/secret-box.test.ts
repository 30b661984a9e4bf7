import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveKey, readTicket, signTicket } from './secret-box.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';

describe('secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('ya29.access-token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('access-token');
    expect(box.open(sealed)).toBe('ya29.access-token');
  });

  it('uses a fresh IV every time', () => {
    const box = createSecretBox(SECRET);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a wrong key, another purpose and any tampering', () => {
    const sealed = createSecretBox(SECRET).seal('refresh-token');
    expect(() => createSecretBox(`${SECRET}x`).open(sealed)).toThrow();
    expect(() => createSecretBox(SECRET, 'other').open(sealed)).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    const bytes = Buffer.from(body ?? '', 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const flipped = bytes.toString('base64url');
    expect(() => createSecretBox(SECRET).open([v, iv, flipped, tag].join('.'))).toThrow();
    expect(() => createSecretBox(SECRET).open('garbage')).toThrow();
  });

  it('derives distinct keys per purpose', () => {
    expect(deriveKey(SECRET, 'a').equals(deriveKey(SECRET, 'b'))).toBe(false);
    expect(deriveKey(SECRET, 'a')).toHaveLength(32);
  });
});

describe('signed tickets', () => {
  it('reads what it signed and nothing forged', () => {
    const ticket = signTicket(SECRET, 'state', { uid: 'u1', exp: 5 });
    expect(readTicket(SECRET, 'state', ticket)).toEqual({ uid: 'u1', exp: 5 });
    expect(readTicket(SECRET, 'other', ticket)).toBeNull();
    const [, mac] = ticket.split('.');
    const forged = `${Buffer.from(JSON.stringify({ uid: 'u2', exp: 5 })).toString('base64url')}.${mac}`;
    expect(readTicket(SECRET, 'state', forged)).toBeNull();
    expect(readTicket(SECRET, 'state', 'x')).toBeNull();
  });
});
