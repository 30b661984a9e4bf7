import {
  ActivateInputSchema,
  AUTH_HEADERS,
  ChangePasswordInputSchema,
  EmailChangeTokenInputSchema,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import type { AccountService } from '../auth/service.ts';
import { findOwnProfile, findPublicProfile } from './profile-repository.ts';

/**
 * `/api/users/*` account calls: activation, the own and public profiles, the password, and the
 * links mailed for a change of e-mail (the token is the proof, no session needed).
 */
export function userRoutes(deps: { db: Db; accounts: AccountService; trustProxy: boolean }) {
  const { db, accounts } = deps;
  return new Hono<AppEnv>()
    .post('/activate', validate('json', ActivateInputSchema), async (c) =>
      c.json(await accounts.activate(c.req.valid('json'), clientIp(c, deps.trustProxy))),
    )
    .post('/email-change/confirm', validate('json', EmailChangeTokenInputSchema), async (c) =>
      c.json(await accounts.emailChanges.confirm(c.req.valid('json').token)),
    )
    .post('/email-change/undo', validate('json', EmailChangeTokenInputSchema), async (c) =>
      c.json(await accounts.emailChanges.undo(c.req.valid('json').token)),
    )
    .get('/profile', async (c) => {
      const current = requireUser(c);
      const profile = await findOwnProfile(db, current.id);
      if (!profile) throw new AppError('UNAUTHORIZED');
      return c.json(profile);
    })
    .get('/profile/:id', async (c) => {
      const profile = await findPublicProfile(db, c.req.param('id'), c.get('user')?.id);
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
    });
}
