import { ERROR_CODES } from '@fm/sdk/contracts';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { TokenPasswordPage } from './token-password-page.tsx';

export const PASSWORD_RESET_DONE = 'Your password has been changed. Log in with the new one.';

/** `/reset-password?token=…`: the link from the reset e-mail; a new password twice, then sign-in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <TokenPasswordPage
      title="Choose a New Password"
      footer={
        <p>
          Need a new link? <Link to={PATHS.forgotPassword}>Send another</Link>
        </p>
      }
      missingTokenMessage={ERROR_CODES.RESET_TOKEN_INVALID.message}
      formLabel="Reset password"
      passwordLabel="New Password"
      submitLabel="Change Password"
      onSubmit={async (token, password) => {
        await api.auth.resetPassword({ token, password });
        toast.success(PASSWORD_RESET_DONE);
        void navigate(PATHS.signIn, { replace: true });
      }}
    />
  );
}
