import { FIELD_MESSAGES, NewPasswordSchema } from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * The activation and reset-password pages ask for the new password twice (D6): the contract's password rule, and
 * 'The two passwords do not match!' under the second field.
 */
export const NewPasswordFormSchema = v.pipe(
  v.object({
    password: NewPasswordSchema,
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
