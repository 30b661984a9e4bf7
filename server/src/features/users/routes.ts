import {
  ActivateInputSchema,
  AUTH_HEADERS,
  ChangePasswordInputSchema,
  UpdateAccountInputSchema,
} from '@fm/sdk/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import type { AccountService } from '../auth/service.ts';
import { findOwnProfile, findPublicProfile } from './profile-repository.ts';

export function userRoutes(deps: { db: Db; accounts: AccountService; trustProxy: boolean }) {
  const { db, accounts } = deps;
  return new Hono<AppEnv>()
    .post('/activate', validate('json', ActivateInputSchema), async (c) =>
      c.json(await accounts.activate(c.req.valid('json'), clientIp(c, deps.trustProxy))),
    )
    .get('/profile', async (c) => {
      const current = requireUser(c);
      const profile = await findOwnProfile(db, current.id);
      if (!profile) throw new AppError('UNAUTHORIZED');
      return c.json(profile);
    })
    .get('/profile/:id', async (c) => {
      const profile = await findPublicProfile(db, c.req.param('id'));
      if (!profile) throw new AppError('NOT_FOUND');
      return c.json(profile);
    })
    .patch('/password', signedIn, validate('json', ChangePasswordInputSchema), async (c) => {
      const current = requireUser(c);
      const { refreshToken } = await accounts.changePassword(
        current,
        c.get('sessionToken'),
        c.req.valid('json'),
      );
      c.header(AUTH_HEADERS.newRefreshToken, refreshToken);
      return c.json({ ok: true as const });
    })
    .patch('/', signedIn, validate('json', UpdateAccountInputSchema), async (c) => {
      const current = requireUser(c);
      const input = c.req.valid('json');
      if (input.email && input.email !== current.email) {
        const taken = await db.query.user.findFirst({
          where: and(eq(user.email, input.email), ne(user.id, current.id)),
          columns: { id: true },
        });
        if (taken) {
          throw new AppError('EMAIL_EXISTS', {
            errors: { email: 'An account with this email already exists' },
          });
        }
      }
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(changes).length > 0) {
        const row = await db.query.user.findFirst({ where: eq(user.id, current.id) });
        const firstName = input.firstName ?? row?.firstName ?? '';
        const lastName = input.lastName ?? row?.lastName ?? '';
        try {
          await db
            .update(user)
            .set({ ...changes, name: `${firstName} ${lastName}`.trim() })
            .where(eq(user.id, current.id));
        } catch (error) {
          // Two accounts racing for one e-mail: the unique index decides.
          if (String((error as { cause?: unknown }).cause ?? error).includes('UNIQUE')) {
            throw new AppError('EMAIL_EXISTS');
          }
          throw error;
        }
      }
      const profile = await findOwnProfile(db, current.id);
      return c.json(profile);
    });
}
