import { createClient, isApiError, memoryTokenStore } from '@fm/sdk';
import {
  type AuthResult,
  EMBED_SIGN_IN_MESSAGE,
  EMBED_TEXT,
  EmbedKeyInfoSchema,
  type EmbedSignInMessage,
  FIELD_MESSAGES,
  signInHandoff,
} from '@fm/sdk/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { AuthCard } from '../auth/auth-card.tsx';

/** What the page knows about the key and where it may answer. */
type Handoff =
  | { status: 'checking' }
  | { status: 'refused'; message: string }
  | { status: 'ready'; targetOrigin: string; franchiseName: string }
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
 * `/embed/sign-in?key=pk_…&state=…&origin=…` (D18): the popup a partner page's element opens when
 * an action needs a user. The visitor signs in (or up) here, on the product's origin; the page
 * then posts `{state, token, refreshToken, user}` to `window.opener` with `targetOrigin` set to
 * the page's declared origin — only when the key allows that origin (signInHandoff), so a lying
 * declaration delivers nothing — and closes. Its own in-memory client: the portal's stored session
 * is neither read nor replaced.
 */
export function EmbedSignInPage() {
  const params = useMemo(() => new URLSearchParams(window.location.search), []);
  const key = params.get('key');
  const state = params.get('state');
  const declaredOrigin = params.get('origin');
  const api = useMemo(() => createClient({ baseUrl: '/api', tokenStore: memoryTokenStore() }), []);
  const [handoff, setHandoff] = useState<Handoff>({ status: 'checking' });
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
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

  const handOver = (result: AuthResult, targetOrigin: string) => {
    const message: EmbedSignInMessage = {
      type: EMBED_SIGN_IN_MESSAGE,
      state: state ?? '',
      token: result.token,
      refreshToken: result.refreshToken,
      user: result.user,
    };
    window.opener?.postMessage(message, targetOrigin);
    setHandoff({ status: 'done' });
    window.setTimeout(() => window.close(), 300);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (handoff.status !== 'ready' || busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    if (mode === 'sign-up' && form.get('ageConfirmed') !== 'on') {
      setError(FIELD_MESSAGES.ageConfirmationRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result =
        mode === 'sign-in'
          ? await api.auth.signIn({ email: text('email'), password: text('password') })
          : await api.auth.signUp({
              email: text('email'),
              password: text('password'),
              firstName: text('firstName'),
              lastName: text('lastName'),
              role: text('role') === 'consultant' ? 'consultant' : 'franchisor',
              ageConfirmed: true,
            });
      handOver(result, handoff.targetOrigin);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Unknown error occurred');
    } finally {
      setBusy(false);
    }
  };

  if (handoff.status === 'checking')
    return <AuthCard title={EMBED_TEXT.signInTitle}>{null}</AuthCard>;
  if (handoff.status === 'refused') {
    return (
      <AuthCard title={EMBED_TEXT.signInTitle}>
        <p role="alert" className="auth__error">
          {handoff.message}
        </p>
      </AuthCard>
    );
  }
  if (handoff.status === 'done') {
    return (
      <AuthCard title={EMBED_TEXT.signInTitle}>
        <p role="status">{EMBED_TEXT.signedIn}</p>
      </AuthCard>
    );
  }
  const site = `${handoff.franchiseName} (${handoff.targetOrigin})`;
  return (
    <AuthCard title={EMBED_TEXT.signInTitle} lead={EMBED_TEXT.signInFor(site)}>
      <form className="form" onSubmit={submit} noValidate>
        {mode === 'sign-up' && (
          <>
            <label className="field">
              <span className="field__label">First Name</span>
              <input className="input" name="firstName" autoComplete="given-name" required />
            </label>
            <label className="field">
              <span className="field__label">Last Name</span>
              <input className="input" name="lastName" autoComplete="family-name" required />
            </label>
            <label className="field">
              <span className="field__label">I am a</span>
              <select className="input" name="role" defaultValue="franchisor">
                <option value="franchisor">Franchisor</option>
                <option value="consultant">Consultant</option>
              </select>
            </label>
          </>
        )}
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
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            required
          />
        </label>
        {mode === 'sign-up' && (
          <label className="field field--inline">
            <input type="checkbox" name="ageConfirmed" />
            <span>I confirm that I am 18 years of age or older.</span>
          </label>
        )}
        {error ? (
          <p role="alert" className="auth__error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {mode === 'sign-in' ? EMBED_TEXT.signInButton : 'Sign Up'}
        </button>
      </form>
      <p className="auth__footer">
        <button
          type="button"
          className="btn btn--link"
          onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
        >
          {mode === 'sign-in' ? 'Create an account' : 'I already have an account'}
        </button>
      </p>
    </AuthCard>
  );
}
