import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { ROLES, SIGN_UP_ROLES } from './enums.ts';
import { FIELD_MESSAGES } from './texts.ts';

/** Shared password rule of user-area §5: ≥ 8 chars, lower, upper, digit and special character. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{${PASSWORD_MIN_LENGTH},}$`,
);

export const EmailSchema = v.pipe(
  v.string(FIELD_MESSAGES.emailInvalid),
  v.trim(),
  v.nonEmpty(FIELD_MESSAGES.emailInvalid),
  v.email(FIELD_MESSAGES.emailInvalid),
  v.toLowerCase(),
);

/** The account's current password where a change needs it (e-mail); the server checks it. */
export const CurrentPasswordSchema = v.pipe(
  v.string(FIELD_MESSAGES.passwordRequired),
  v.nonEmpty(FIELD_MESSAGES.passwordRequired),
);

export const NewPasswordSchema = v.pipe(
  v.string(FIELD_MESSAGES.passwordRule),
  v.regex(PASSWORD_PATTERN, FIELD_MESSAGES.passwordRule),
  v.maxLength(128, FIELD_MESSAGES.passwordRule),
);

const requiredText = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(100, NAME_TOO_LONG));

/** A name longer than any form lets one be typed (not a spec text: the forms never send one). */
export const NAME_TOO_LONG = 'At most 100 characters';

/** `POST /api/auth/sign-up/email` (rule 6). The `franchisee` alias is accepted for the role. */
export const SignUpInputSchema = v.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: requiredText(FIELD_MESSAGES.firstNameRequired),
  lastName: requiredText(FIELD_MESSAGES.lastNameRequired),
  role: v.optional(
    v.pipe(
      v.picklist([...SIGN_UP_ROLES, 'franchisee', 'admin'], FIELD_MESSAGES.roleRequired),
      v.transform((r) => (r === 'franchisee' ? 'franchisor' : r)),
    ),
    'franchisor',
  ),
  ageConfirmed: v.literal(true, FIELD_MESSAGES.ageConfirmationRequired),
});
export type SignUpInput = v.InferInput<typeof SignUpInputSchema>;

/** `POST /api/auth/sign-in/email`. */
export const SignInInputSchema = v.object({
  email: EmailSchema,
  password: v.pipe(
    v.string(FIELD_MESSAGES.passwordRequired),
    v.nonEmpty(FIELD_MESSAGES.passwordRequired),
  ),
});
export type SignInInput = v.InferInput<typeof SignInInputSchema>;

/** The signed-in user as the auth calls return it. */
export const AuthUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  role: v.picklist(ROLES),
});
export type AuthUser = v.InferOutput<typeof AuthUserSchema>;

/** Answer of sign-up, sign-in and activation (rule 6). */
export const AuthResultSchema = v.object({
  token: v.string(),
  refreshToken: v.string(),
  user: AuthUserSchema,
});
export type AuthResult = v.InferOutput<typeof AuthResultSchema>;

/** A new password under the rule of user-area §5 ('Please input your new password!' when empty). */
const NewPasswordField = v.pipe(
  v.string(FIELD_MESSAGES.newPasswordRequired),
  v.nonEmpty(FIELD_MESSAGES.newPasswordRequired),
  v.regex(PASSWORD_PATTERN, FIELD_MESSAGES.passwordRule),
);

const newPasswordTwice = {
  password: NewPasswordField,
  // Required and equal to the new password, with the one message (admin-panel §5): an empty
  // repeat is refused even while the new password itself is refused.
  confirmPassword: v.pipe(
    v.string(FIELD_MESSAGES.passwordsDoNotMatch),
    v.nonEmpty(FIELD_MESSAGES.passwordsDoNotMatch),
  ),
};

const repeatMatches = (input: { password: string; confirmPassword: string }) =>
  input.password === input.confirmPassword;

/** A form that sets a password from a link (activation, reset): the new password typed twice. */
export const NewPasswordFormSchema = v.pipe(
  v.object(newPasswordTwice),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      repeatMatches,
      FIELD_MESSAGES.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type NewPasswordForm = v.InferInput<typeof NewPasswordFormSchema>;

/** `PATCH /api/users/password` (user-area §7 and admin-panel §7). */
export const ChangePasswordInputSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(
      v.string(FIELD_MESSAGES.passwordRequired),
      v.nonEmpty(FIELD_MESSAGES.passwordRequired),
    ),
    ...newPasswordTwice,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      repeatMatches,
      FIELD_MESSAGES.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordInputSchema>;

/** `POST /api/users/activate` (rule 6). */
export const ActivateInputSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  password: NewPasswordSchema,
});
export type ActivateInput = v.InferInput<typeof ActivateInputSchema>;

/** `POST /api/auth/forgot-password`: always answers 200 so that accounts cannot be probed. */
export const ForgotPasswordInputSchema = v.object({ email: EmailSchema });
export type ForgotPasswordInput = v.InferInput<typeof ForgotPasswordInputSchema>;

/** `POST /api/auth/reset-password`. */
export const ResetPasswordInputSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordInputSchema>;

export const OkSchema = v.object({ ok: v.literal(true) });

// --- Appended by the SDK client: the account fields of `PATCH /api/users` (admin-panel §7). ---
/**
 * `PATCH /api/users` with JSON: names and e-mail; an absent field stays unchanged. A new e-mail
 * needs the current password and waits for the link mailed to it (see `ProfilePatchSchema`).
 */
export const UpdateAccountInputSchema = v.object({
  firstName: v.optional(requiredText(FIELD_MESSAGES.firstNameRequired)),
  lastName: v.optional(requiredText(FIELD_MESSAGES.lastNameRequired)),
  email: v.optional(EmailSchema),
  currentPassword: v.optional(CurrentPasswordSchema),
});
export type UpdateAccountInput = v.InferInput<typeof UpdateAccountInputSchema>;

// ---- Support requests (added by the portal shell; user-area §5 and §7) ----

/**
 * `POST /api/users/support-request` and `POST /api/users/company-support-request`: the help
 * modal's form. An empty email reads 'Please input your email!', a malformed one
 * 'Please input a valid email!', empty details 'Please input your details!'.
 */
export const SupportRequestInputSchema = v.object(
  {
    email: v.pipe(
      v.string(FIELD_MESSAGES.emailRequired),
      v.trim(),
      v.nonEmpty(FIELD_MESSAGES.emailRequired),
      v.email(FIELD_MESSAGES.emailInvalid),
      v.toLowerCase(),
    ),
    details: v.pipe(
      v.string(FIELD_MESSAGES.detailsRequired),
      v.trim(),
      v.nonEmpty(FIELD_MESSAGES.detailsRequired),
      v.maxLength(5_000, 'Please keep the details under 5,000 characters.'),
    ),
  },
  // A missing field reads like an empty one.
  (issue) =>
    issue.expected === '"email"'
      ? FIELD_MESSAGES.emailRequired
      : issue.expected === '"details"'
        ? FIELD_MESSAGES.detailsRequired
        : issue.message,
);
export type SupportRequestInput = v.InferInput<typeof SupportRequestInputSchema>;

/**
 * Signing in, up and out, activation and password reset (the SDK's `auth.ts`): the spec names
 * none of them, these follow its pattern.
 */
export const AUTH_OPERATIONS = {
  signIn: 'Error signing in',
  signUp: 'Error signing up',
  signOut: 'Error signing out',
  activateAccount: 'Error activating account',
  requestPasswordReset: 'Error requesting password reset',
  resetPassword: 'Error resetting password',
} as const;
