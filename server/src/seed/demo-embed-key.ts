import { isSecureEmbedOrigin, normalizeOrigin } from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKey, user } from '../db/schema/index.ts';
import { hashKey } from '../features/api-keys/service.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/** The demo franchise's publishable embed key (demo data only; public by design, rule 18). */
export const DEMO_EMBED_KEY = 'pk_demo_franchise_meet_local_0001';
/** The port of the second demo page, on another origin (`npm start` serves it). */
export const DEFAULT_PARTNER_PORT = 8790;

/**
 * The origins the demo key allows: the product's own (the demo page `/widgets/demo.html`) and the
 * partner demo page's, by `localhost` and `127.0.0.1` — only those an embed key may allow (decision 029:
 * `https://`, plain `http://` on loopback), so a `PUBLIC_URL` such as `http://my-host:8787` is
 * left out rather than listed and refused.
 *
 * @example
 * demoEmbedOrigins('http://localhost:8787', 8790);
 * // ['http://localhost:8787', 'http://localhost:8790', 'http://127.0.0.1:8790', …]
 */
export function demoEmbedOrigins(publicUrl: string, partnerPort: number): string[] {
  const own = normalizeOrigin(new URL(publicUrl).origin);
  const port = new URL(publicUrl).port;
  const candidates = [
    own,
    port ? `http://127.0.0.1:${port}` : null,
    port ? `http://localhost:${port}` : null,
    `http://localhost:${partnerPort}`,
    `http://127.0.0.1:${partnerPort}`,
  ];
  return [...new Set(candidates.filter((o): o is string => o !== null && isSecureEmbedOrigin(o)))];
}

/**
 * "Try it at once" for embedding: on every start of the demo, the demo franchise owns
 * the publishable key {@link DEMO_EMBED_KEY} allowing the local origins, so both demo pages work
 * with no parameters — and the demo franchisor, a member of that franchise, can sign in through
 * their popup (decision 029; asked once to allow the key). Created once; its origins follow the
 * configuration. Does nothing without the demo franchisor.
 *
 * @example
 * await ensureDemoEmbedKey(db, demoEmbedOrigins(env.PUBLIC_URL, 8790), new Date());
 */
export async function ensureDemoEmbedKey(db: Db, origins: string[], now: Date): Promise<boolean> {
  const [owner] = await db
    .select({ id: user.id, franchiseId: user.franchiseId })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNTS.franchisor.email));
  if (!owner?.franchiseId) return false;
  const keyHash = hashKey(DEMO_EMBED_KEY);
  const [existing] = await db
    .select({ id: apiKey.id })
    .from(apiKey)
    .where(and(eq(apiKey.keyHash, keyHash), eq(apiKey.kind, 'publishable')));
  if (existing) {
    await db.update(apiKey).set({ allowedOrigins: origins }).where(eq(apiKey.id, existing.id));
    return true;
  }
  await db.insert(apiKey).values({
    franchiseId: owner.franchiseId,
    kind: 'publishable',
    name: 'Demo pages',
    keyHash,
    prefix: `${DEMO_EMBED_KEY.slice(0, 11)}…`,
    publishableKey: DEMO_EMBED_KEY,
    allowedOrigins: origins,
    scopes: [],
    createdByUserId: owner.id,
    createdAt: now,
  });
  return true;
}
