import { createHmac } from 'node:crypto';
import type { IceServer } from '@fm/sdk/contracts';

/** A TURN relay that shares a secret with the API (coturn's `use-auth-secret`). */
export interface TurnRelay {
  /** `turn:`/`turns:` URLs of the relay. */
  urls: string[];
  /** coturn's `static-auth-secret`. */
  secret: string;
}

/**
 * Credentials for one user of one room, by the TURN REST convention coturn implements with
 * `use-auth-secret`: the username is `{expiry in Unix seconds}:{user id}`, the credential the
 * Base64 HMAC-SHA1 of the username under the shared secret. The relay refuses them after `expiresAt`,
 * so a credential copied out of a page is good only for the room's own time and names its user.
 *
 * @example
 * turnServer(relay, 'u1', closesAt); // { urls: ['turn:turn.example.com:3478'], username: '1767225600:u1', credential: '…' }
 */
export function turnServer(relay: TurnRelay, userId: string, expiresAt: Date): IceServer {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', relay.secret).update(username).digest('base64');
  return { urls: relay.urls, username, credential };
}
