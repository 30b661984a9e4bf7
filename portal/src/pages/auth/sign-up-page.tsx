import {
  PROFILE_DEFAULTS,
  SIGN_UP_ROLES,
  SignUpInputSchema,
  type SignUpRole,
} from '@fm/sdk/contracts';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  SegmentedField,
  SubmitButton,
  TextField,
  useValibotForm,
} from '@fm/widgets/kit';
import { Link, useLocation } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useGoHome } from '../../shared/navigation.ts';
import { PATHS } from '../../shared/paths.ts';
import { AuthCard } from './auth-card.tsx';

const ROLE_OPTIONS = [
  { value: 'franchisor', label: 'Franchisor' },
  { value: 'consultant', label: 'Consultant' },
] as const satisfies readonly { value: SignUpRole; label: string }[];

const TERMS_OF_USE: Record<SignUpRole, string> = {
  franchisor: PATHS.termsOfUseFranchisor,
  consultant: PATHS.termsOfUseConsultant,
};

/** The role the landing page's "I Am a …" passed in navigation state, if any. */
function roleFromState(state: unknown): SignUpRole | null {
  if (typeof state !== 'object' || state === null || !('role' in state)) return null;
  const { role } = state;
  return SIGN_UP_ROLES.find((r) => r === role) ?? null;
}

/** `/sign-up`: role (franchisor by default), names, email, password and the 18+ confirmation. */
export function SignUpPage() {
  const location = useLocation();
  const goHome = useGoHome();
  const initialRole: SignUpRole = roleFromState(location.state) ?? PROFILE_DEFAULTS.role;

  const form = useValibotForm({
    schema: SignUpInputSchema,
    initialValues: {
      role: initialRole as SignUpRole,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      ageConfirmed: false,
    },
    onSubmit: async (input) => {
      const result = await api.auth.signUp(input);
      goHome(result.user.role);
    },
  });
  const role = form.values.role;

  return (
    <AuthCard
      title="Sign Up"
      lead="Create your account in a minute."
      footer={
        <p>
          Already have an account? <Link to={PATHS.signIn}>Log In</Link>
        </p>
      }
    >
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Sign up">
        <SegmentedField
          legend="I am a"
          name="role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value) => form.setValue('role', value)}
          error={form.errorOf('role')}
          errorId={`${form.fieldId('role')}-error`}
        />
        <div className="form__row">
          <TextField label="First Name" autoComplete="given-name" field={form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" field={form.field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          field={form.field('password')}
        />
        <CheckboxField field={form.checkbox('ageConfirmed')}>
          I confirm that I am 18 years of age or older and I agree to the{' '}
          <Link to={PATHS.termsAndConditions} target="_blank">
            Terms and Conditions
          </Link>{' '}
          and the{' '}
          <Link to={TERMS_OF_USE[role]} target="_blank">
            Terms of Use
          </Link>
          .
        </CheckboxField>
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.isSubmitting}>Sign Up</SubmitButton>
      </form>
    </AuthCard>
  );
}
