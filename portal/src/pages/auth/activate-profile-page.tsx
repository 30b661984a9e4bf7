import { ERROR_CODES, type SignUpRole } from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useGoHome } from '../../shared/navigation.ts';
import { PATHS } from '../../shared/paths.ts';
import { TokenPasswordPage } from './token-password-page.tsx';

const ACCOUNT_NAME: Record<SignUpRole, string> = {
  consultant: 'consultant',
  franchisor: 'franchisor',
};

/**
 * `/activate-profile?token=…` (consultants) and `/activate-profile-franchisor?token=…`: an account
 * created by an admin gets its password here, is signed in, and goes to its home (rule 6).
 */
export function ActivateProfilePage({ accountRole }: { accountRole: SignUpRole }) {
  const goHome = useGoHome();
  return (
    <TokenPasswordPage
      title="Activate Your Account"
      lead={`Choose a password for your ${ACCOUNT_NAME[accountRole]} account.`}
      footer={
        <p>
          Already activated? <Link to={PATHS.signIn}>Log In</Link>
        </p>
      }
      missingTokenMessage={ERROR_CODES.ACTIVATION_TOKEN_INVALID.message}
      formLabel="Activate account"
      passwordLabel="Password"
      submitLabel="Activate Account"
      onSubmit={async (token, password) => {
        const result = await api.auth.activate({ token, password });
        goHome(result.user.role);
      }}
    />
  );
}
