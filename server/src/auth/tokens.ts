import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret (256 bits). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as SHA-256 hashes. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
