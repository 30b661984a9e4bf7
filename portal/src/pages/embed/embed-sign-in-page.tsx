import {
  EMBED_SIGN_IN_MESSAGE,
  EMBED_SIGN_IN_TEXT,
  EMBED_TEXT,
  EmbedKeyInfoSchema,
  type EmbedSession,
  EmbedSessionSchema,
  type EmbedSignInMessage,
  ErrorBodySchema,
  GENERIC_MESSAGES,
  signInHandoff,
} from '@fm/sdk/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { AuthCard } from '../auth/auth-card.tsx';

/** Where the partner page is, and whose. */
interface Site {
  targetOrigin: string;
  franchiseName: string;
}

/** What the page knows about the key and where it may answer. */
type Handoff =
  | { status: 'checking' }
  | { status: 'refused'; message: string }
  | ({ status: 'ready' } & Site)
  | ({ status: 'consent'; session: EmbedSession } & Site)
  | { status: 'declined' }
  | { status: 'done' };

/** The key's allowed origins, from the API (public: the key is public too). */
async function keyInfo(key: string) {
  const res = await fetch(`/api/embed/keys/${encodeURIComponent(key)}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return null;
  const parsed = v.safeParse(EmbedKeyInfoSchema, await res.json());
  return parsed.success ? parsed.output : null;
}

/**
 * One call of the embed sign-in API (`/api/embed/…`, decision 029): its embed session, or an `Error` whose
 * message is the server's (a refusal says why: wrong password, not a member of the brand, …).
 */
async function embedCall(path: string, init: RequestInit): Promise<EmbedSession> {
  let res: Response;
  try {
    res = await fetch(`/api/embed/${path}`, {
      ...init,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
    });
  } catch {
    throw new Error(GENERIC_MESSAGES.somethingWentWrong);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = v.safeParse(ErrorBodySchema, body);
    throw new Error(error.success ? error.output.message : GENERIC_MESSAGES.somethingWentWrong);
  }
  const session = v.safeParse(EmbedSessionSchema, body);
  if (!session.success) throw new Error(GENERIC_MESSAGES.somethingWentWrong);
  return session.output;
}

/**
 * `/embed/sign-in?key=pk_…&state=…&origin=…` (rule 18, decision 029): the popup a partner page's element opens
 * when an action needs a user. The visitor signs in here, on the product's origin, and gets an
 * embed session — never the account's own token: it works only for the elements' calls, only with
 * this key. Only members of the key's franchise get one; the first time per key they are asked to
 * allow the site, named by its brand and origin. The page then posts `{state, token, expiresAt,
 * user}` to `window.opener` with `targetOrigin` set to the page's declared origin — only when the
 * key allows that origin (signInHandoff), so a lying declaration delivers nothing — and closes. The
 * portal's own stored session is neither read nor replaced.
 */
export function EmbedSignInPage() {
  const params = useMemo(() => new URLSearchParams(window.location.search), []);
  const key = params.get('key');
  const state = params.get('state');
  const declaredOrigin = params.get('origin');
  const [handoff, setHandoff] = useState<Handoff>({ status: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void (async () => {
      const info = key ? await keyInfo(key) : null;
      if (!current) return;
      if (!info) return setHandoff({ status: 'refused', message: EMBED_TEXT.keyInvalid });
      const decision = signInHandoff({
        key,
        state,
        declaredOrigin,
        allowedOrigins: info.allowedOrigins,
      });
      if (!decision.ok) {
        return setHandoff({ status: 'refused', message: EMBED_TEXT.originNotAllowed });
      }
      setHandoff({
        status: 'ready',
        targetOrigin: decision.targetOrigin,
        franchiseName: info.franchiseName,
      });
    })();
    return () => {
      current = false;
    };
  }, [key, state, declaredOrigin]);

  const handOver = (session: EmbedSession, targetOrigin: string) => {
    const message: EmbedSignInMessage = {
      type: EMBED_SIGN_IN_MESSAGE,
      state: state ?? '',
      token: session.token,
      expiresAt: session.expiresAt,
      user: session.user,
    };
    window.opener?.postMessage(message, targetOrigin);
    setHandoff({ status: 'done' });
    window.setTimeout(() => window.close(), 300);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (handoff.status !== 'ready' || busy || !key) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      const session = await embedCall('sign-in', {
        method: 'POST',
        body: JSON.stringify({
          key,
          origin: handoff.targetOrigin,
          email: text('email'),
          password: text('password'),
        }),
      });
      if (session.consentRequired) setHandoff({ ...handoff, status: 'consent', session });
      else handOver(session, handoff.targetOrigin);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : GENERIC_MESSAGES.unknown);
    } finally {
      setBusy(false);
    }
  };

  const allow = async () => {
    if (handoff.status !== 'consent' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = await embedCall('consent', {
        method: 'POST',
        headers: { authorization: `Bearer ${handoff.session.token}` },
      });
      handOver(session, handoff.targetOrigin);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : GENERIC_MESSAGES.unknown);
    } finally {
      setBusy(false);
    }
  };

  if (handoff.status === 'checking')
    return <AuthCard title={EMBED_SIGN_IN_TEXT.title}>{null}</AuthCard>;
  if (handoff.status === 'refused') {
    return (
      <AuthCard title={EMBED_SIGN_IN_TEXT.title}>
        <p role="alert" className="auth__error">
          {handoff.message}
        </p>
      </AuthCard>
    );
  }
  if (handoff.status === 'done' || handoff.status === 'declined') {
    return (
      <AuthCard title={EMBED_SIGN_IN_TEXT.title}>
        <p role="status">
          {handoff.status === 'done' ? EMBED_SIGN_IN_TEXT.signedIn : EMBED_SIGN_IN_TEXT.declined}
        </p>
      </AuthCard>
    );
  }
  if (handoff.status === 'consent') {
    return (
      <AuthCard
        title={EMBED_SIGN_IN_TEXT.consentTitle}
        lead={EMBED_SIGN_IN_TEXT.consentLead(handoff.franchiseName, handoff.targetOrigin)}
      >
        <p>{EMBED_SIGN_IN_TEXT.consentMay}</p>
        <p>{EMBED_SIGN_IN_TEXT.consentMayNot}</p>
        <p>{EMBED_SIGN_IN_TEXT.consentOnce}</p>
        {error ? (
          <p role="alert" className="auth__error">
            {error}
          </p>
        ) : null}
        <div className="form">
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void allow()}
          >
            {EMBED_SIGN_IN_TEXT.allowButton}
          </button>
          <button
            type="button"
            className="btn btn--link"
            disabled={busy}
            onClick={() => {
              // Nothing is posted: the element sees the window close and stays signed out.
              setHandoff({ status: 'declined' });
              window.setTimeout(() => window.close(), 1500);
            }}
          >
            {EMBED_SIGN_IN_TEXT.cancelButton}
          </button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={EMBED_SIGN_IN_TEXT.title}
      lead={EMBED_SIGN_IN_TEXT.lead(handoff.franchiseName, handoff.targetOrigin)}
    >
      <p>{EMBED_SIGN_IN_TEXT.membersNote(handoff.franchiseName)}</p>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Email</span>
          <input className="input" name="email" type="email" autoComplete="email" required />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            className="input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </label>
        {error ? (
          <p role="alert" className="auth__error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {EMBED_SIGN_IN_TEXT.signInButton}
        </button>
      </form>
    </AuthCard>
  );
}
