import { FIELD_MESSAGES, PASSWORD_PATTERN } from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * The reset-password form: a new password under the password rule, typed twice. The token comes
 * from the link, not from the form.
 */
export const NewPasswordFormSchema = v.pipe(
  v.object({
    password: v.pipe(
      v.string(FIELD_MESSAGES.newPasswordRequired),
      v.nonEmpty(FIELD_MESSAGES.newPasswordRequired),
      v.regex(PASSWORD_PATTERN, FIELD_MESSAGES.passwordRule),
    ),
    confirmPassword: v.string(FIELD_MESSAGES.passwordsDoNotMatch),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      FIELD_MESSAGES.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
