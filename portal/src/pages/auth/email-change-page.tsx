import { isApiError } from '@fm/sdk';
import { type EmailChangeResult, ERROR_CODES, GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { AuthCard } from './auth-card.tsx';

/** Texts of the page the e-mail change links open; the spec is silent about it. */
export const EMAIL_CHANGE_PAGE_TEXT = {
  confirmTitle: 'Confirm Your New Email',
  confirming: 'Confirming your new email…',
  confirmed: (email: string) => `Your email is now ${email}. Use it to log in from now on.`,
  undoTitle: 'Undo the Email Change',
  undoLead:
    'This gives your account its previous email back and signs it out on every device. Do it if you did not ask for the change.',
  undoButton: 'Undo the Change',
  undone: (email: string) =>
    `Your email is ${email} again, and your account has been signed out everywhere. If you did not ask for the change, choose a new password now.`,
  newPassword: 'Choose a new password',
} as const;

type Outcome =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'done'; email: string }
  | { status: 'failed'; message: string };

const failureOf = (error: unknown) =>
  isApiError(error) && error.serverMessage
    ? error.serverMessage
    : GENERIC_MESSAGES.somethingWentWrong;

/**
 * One request per confirmation token, however often the page mounts (React's development double
 * mount would otherwise use the single-use link twice and show its second, refused answer).
 */
const confirmations = new Map<string, Promise<EmailChangeResult>>();
function confirmOnce(token: string): Promise<EmailChangeResult> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = api.profile.confirmEmailChange(token);
    confirmations.set(token, pending);
  }
  return pending;
}

/**
 * `/email-change?confirm=…` (the link mailed to the new address) confirms the change as it opens;
 * `/email-change?undo=…` (the link mailed to the old address) undoes it with one click, as that
 * also signs the account out everywhere (mail scanners that open links must not do it).
 */
export function EmailChangePage() {
  const [params] = useSearchParams();
  const confirm = params.get('confirm')?.trim() ?? '';
  const undo = params.get('undo')?.trim() ?? '';
  if (confirm) return <ConfirmEmailChange token={confirm} />;
  if (undo) return <UndoEmailChange token={undo} />;
  return (
    <AuthCard title={EMAIL_CHANGE_PAGE_TEXT.confirmTitle} footer={<LogInLink />}>
      <div className="form-alert" role="alert">
        {ERROR_CODES.EMAIL_CHANGE_LINK_INVALID.message}
      </div>
    </AuthCard>
  );
}

function LogInLink() {
  const session = useSession();
  return session ? (
    <p>
      <Link to={PATHS.myProfile}>Back to My Profile</Link>
    </p>
  ) : (
    <p>
      <Link to={PATHS.signIn}>Log In</Link>
    </p>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'busy' });
  useEffect(() => {
    let current = true;
    confirmOnce(token).then(
      (result) => current && setOutcome({ status: 'done', email: result.email }),
      (error: unknown) => current && setOutcome({ status: 'failed', message: failureOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return (
    <AuthCard title={EMAIL_CHANGE_PAGE_TEXT.confirmTitle} footer={<LogInLink />}>
      <OutcomeText outcome={outcome} done={EMAIL_CHANGE_PAGE_TEXT.confirmed} />
    </AuthCard>
  );
}

function UndoEmailChange({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const run = async () => {
    setOutcome({ status: 'busy' });
    try {
      // The server ends every session of the account; if this browser held one, its next call
      // answers 401, which signs it out here too (another account's session stays).
      const result = await api.profile.undoEmailChange(token);
      setOutcome({ status: 'done', email: result.email });
    } catch (error) {
      setOutcome({ status: 'failed', message: failureOf(error) });
    }
  };
  return (
    <AuthCard
      title={EMAIL_CHANGE_PAGE_TEXT.undoTitle}
      lead={outcome.status === 'done' ? undefined : EMAIL_CHANGE_PAGE_TEXT.undoLead}
      footer={<LogInLink />}
    >
      {outcome.status === 'idle' || outcome.status === 'busy' ? (
        <div className="form">
          <button
            type="button"
            className="button button--primary button--block"
            disabled={outcome.status === 'busy'}
            aria-busy={outcome.status === 'busy'}
            onClick={() => void run()}
          >
            {outcome.status === 'busy' ? <span className="spinner" aria-hidden="true" /> : null}
            {EMAIL_CHANGE_PAGE_TEXT.undoButton}
          </button>
        </div>
      ) : (
        <OutcomeText outcome={outcome} done={EMAIL_CHANGE_PAGE_TEXT.undone} />
      )}
      {outcome.status === 'done' ? (
        <p>
          <Link to={PATHS.forgotPassword}>{EMAIL_CHANGE_PAGE_TEXT.newPassword}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

function OutcomeText({ outcome, done }: { outcome: Outcome; done: (email: string) => string }) {
  if (outcome.status === 'done') {
    return (
      <p className="auth__lead" role="status">
        {done(outcome.email)}
      </p>
    );
  }
  if (outcome.status === 'failed') {
    return (
      <div className="form-alert" role="alert">
        {outcome.message}
      </div>
    );
  }
  return (
    <p className="page__status" role="status">
      {EMAIL_CHANGE_PAGE_TEXT.confirming}
    </p>
  );
}
