import {
  AUTH_HEADERS,
  ForgotPasswordInputSchema,
  ResetPasswordInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { type AppEnv, requireUser } from '../../auth/session.ts';
import { clientIp } from '../../http/client-ip.ts';
import { validate } from '../../http/validate.ts';
import type { AccountService } from './service.ts';

/**
 * `/api/auth/*`: the product's auth calls, each with the spec's rules and our limits, on top of
 * better-auth's server API. better-auth's HTTP handler is not mounted.
 */
export function authRoutes(deps: { accounts: AccountService; trustProxy: boolean }) {
  const { accounts } = deps;
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, deps.trustProxy);
  return new Hono<AppEnv>()
    .post('/sign-up/email', validate('json', SignUpInputSchema), async (c) =>
      c.json(await accounts.signUp(c.req.valid('json'), ip(c))),
    )
    .post('/sign-in/email', validate('json', SignInInputSchema), async (c) =>
      c.json(await accounts.signIn(c.req.valid('json'), ip(c))),
    )
    .post('/sign-out', async (c) => {
      await accounts.signOut(c.get('sessionToken'), c.req.header(AUTH_HEADERS.refreshToken));
      return c.json({ ok: true as const });
    })
    .get('/me', (c) => c.json(accounts.toAuthUser(requireUser(c))))
    .post('/forgot-password', validate('json', ForgotPasswordInputSchema), async (c) => {
      await accounts.forgotPassword(c.req.valid('json').email, ip(c));
      return c.json({ ok: true as const });
    })
    .post('/reset-password', validate('json', ResetPasswordInputSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      await accounts.resetPassword(token, password);
      return c.json({ ok: true as const });
    });
  // Nothing else of better-auth is mounted: its own endpoints (password-reset mails, e-mail
  // change, admin plugin calls…) would bypass these rules and limits. They answer 404.
}
