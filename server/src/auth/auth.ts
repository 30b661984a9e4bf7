import { PRODUCT_NAME, type Role } from '@fm/sdk/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer } from 'better-auth/plugins';
import { contextSlot } from '../async-context.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What a user-creating call wants stored with the new user, set around `auth.api.signUpEmail`. */
export interface NewUserFields {
  role: Role;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  ageConfirmedAt: Date | null;
}
const newUserFields = contextSlot<NewUserFields>('newUserFields');

/** Runs `fn` so that a user created inside it gets `fields` atomically with its creation. */
export const withNewUserFields = <T>(fields: NewUserFields, fn: () => Promise<T>): Promise<T> =>
  newUserFields.run(fields, fn);

export const SESSION_TTL_SECONDS = 60 * 60 * 24;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60;

/** Where a password-reset link points: admins reset in the control panel, users in the portal. */
export const resetPasswordLink = (publicUrl: string, role: string, token: string) =>
  role === 'admin'
    ? `${publicUrl}/control-panel/auth/reset-password?token=${encodeURIComponent(token)}`
    : `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * better-auth configured for this product: e-mail and password, bearer tokens, roles and bans,
 * its tables in our drizzle schema. Our own routes in features/auth wrap its API with the spec's rules.
 */
export function createAuth(deps: {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  mailer: Mailer;
}) {
  return betterAuth({
    appName: PRODUCT_NAME,
    secret: deps.secret,
    baseURL: deps.baseURL,
    basePath: '/api/auth',
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: 'sqlite',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const role = (user as { role?: string }).role ?? 'franchisor';
        const link = resetPasswordLink(deps.baseURL, role, token);
        await deps.mailer.send({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: `Hello ${user.name},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
        });
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '', input: false },
        lastName: { type: 'string', required: false, defaultValue: '', input: false },
        // Declared so the create hook may set them; never accepted from a request body.
        isVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        ageConfirmedAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const fields = newUserFields.get();
            if (!fields) return { data: user };
            return {
              data: {
                ...user,
                role: fields.role,
                firstName: fields.firstName,
                lastName: fields.lastName,
                isVerified: fields.isVerified,
                ageConfirmedAt: fields.ageConfirmedAt,
              },
            };
          },
        },
      },
    },
    // Our own database-backed limiter guards the auth routes across processes.
    rateLimit: { enabled: false },
    plugins: [bearer(), admin({ defaultRole: 'franchisor', adminRoles: ['admin'] })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
