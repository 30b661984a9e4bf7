import { isApiError } from '@fm/sdk';
import type { AdminUserDetail, AdminUserUpdate } from '@fm/sdk/contracts';
import { AdminUserCreateSchema } from '@fm/sdk/contracts';
import * as v from 'valibot';
import { ADMIN_TOASTS } from '../../admin-toasts.ts';
import { serverMessageOr } from '../../api/error-message.ts';

const { firstName, lastName, email, phone, position, smsConsent } = AdminUserCreateSchema.entries;

/**
 * Edit Franchisor: the fields `PATCH admin/users/{id}` accepts for a franchisor user — the
 * required name, e-mail and phone of §5, the position and the SMS consent.
 */
export const FranchisorUserFormSchema = v.object({
  firstName,
  lastName,
  email,
  phone,
  position,
  smsConsent,
});

export type FranchisorUserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position: string;
  smsConsent: boolean;
};

/** The edit form's values for a franchisor user. */
export function franchisorUserFormValues(user: AdminUserDetail): FranchisorUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    position: user.position ?? '',
    smsConsent: user.smsConsent,
  };
}

/**
 * What the save sends: only the fields the admin changed (a cleared position goes as `null`,
 * none), so an edit of the name does not rewrite the e-mail or the consent.
 */
export function franchisorUserPatch(
  values: v.InferOutput<typeof FranchisorUserFormSchema>,
  changed: readonly string[],
): AdminUserUpdate {
  const patch: Record<string, unknown> = {};
  for (const key of changed) if (key in values) patch[key] = values[key as keyof typeof values];
  return patch as AdminUserUpdate;
}

/**
 * The failure toast of a franchisor's edit (§8): 'Failed to update franchisor: email already
 * exist.' when the e-mail belongs to another account, else the server's message or the generic one.
 */
export function franchisorUpdateFailure(error: unknown): string {
  if (isApiError(error) && error.code === 'EMAIL_EXISTS') return ADMIN_TOASTS.franchisorEmailExists;
  return serverMessageOr(error, ADMIN_TOASTS.somethingWentWrong);
}
