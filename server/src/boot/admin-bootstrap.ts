import type { AccountService, AdminBootstrapOutcome } from '../features/auth/service.ts';
import type { Logger } from '../http/logger.ts';

/** The log line for an `ADMIN_EMAIL` that belongs to an account that is not an admin. */
export const adminAddressHeldMessage = (email: string) =>
  `ADMIN_EMAIL ${email} belongs to an account that is not an admin: it was left as it is and never promoted, so no admin was made for this address. Set ADMIN_EMAIL to another address.`;

/**
 * The admin step of a start (rule 4): makes the `ADMIN_EMAIL` admin ready and says so in the log. An
 * address held by an account that is not an admin is reported on an error line and the start goes
 * on: whoever registered the address first must not be able to keep the server from starting.
 * @example await bootstrapAdmin(container, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
 */
export async function bootstrapAdmin(
  deps: { accounts: Pick<AccountService, 'ensureAdmin'>; logger: Logger },
  admin: { email: string; password: string },
): Promise<AdminBootstrapOutcome> {
  const result = await deps.accounts.ensureAdmin(admin.email, admin.password);
  if (result.outcome === 'ready') deps.logger.info(`admin ${admin.email} is ready`);
  else {
    deps.logger.error(adminAddressHeldMessage(admin.email), {
      userId: result.userId,
      role: result.role,
    });
  }
  return result;
}
