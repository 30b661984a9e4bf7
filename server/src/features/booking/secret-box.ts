import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets at rest and signed tickets, all keyed from `AUTH_SECRET` through HKDF-SHA256 with a
 * distinct `purpose` per use, so one key never serves two purposes.
 */

const VERSION = 'v1';

/**
 * A 32-byte key for one purpose.
 * @example deriveKey(env.AUTH_SECRET, 'calendar-tokens')
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'franchise-meet', `fm:${purpose}`, 32));
}

export interface SecretBox {
  /** Encrypts with AES-256-GCM: `v1.<iv>.<ciphertext>.<tag>` (base64url). */
  seal(plaintext: string): string;
  /** Decrypts what `seal` produced; throws on a wrong key or any tampering. */
  open(sealed: string): string;
}

/**
 * Authenticated encryption of small secrets (OAuth tokens) stored in the database.
 * @example const box = createSecretBox(env.AUTH_SECRET); const stored = box.seal(accessToken);
 */
export function createSecretBox(secret: string, purpose = 'calendar-tokens'): SecretBox {
  const key = deriveKey(secret, purpose);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, body, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * HMAC-SHA256 of `value` under a purpose key, base64url.
 * @example hmac(env.AUTH_SECRET, 'ical-feed', userId)
 */
export function hmac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', deriveKey(secret, purpose)).update(value).digest('base64url');
}

/** SHA-256, hex: how secrets that must be looked up (feed tokens) are stored. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A signed, expiring ticket: `<payload base64url>.<hmac>`. Tamper-proof, not secret.
 * @example const ticket = signTicket(secret, 'calendar-state', { uid, exp });
 */
export function signTicket(secret: string, purpose: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, purpose, body)}`;
}

/** The payload of a ticket signed for this purpose, or `null` when forged or malformed. */
export function readTicket(secret: string, purpose: string, ticket: string): unknown {
  const [body, mac, extra] = ticket.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!safeEqual(mac, hmac(secret, purpose, body))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
