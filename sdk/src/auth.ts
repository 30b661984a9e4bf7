import * as v from 'valibot';
import {
  type ActivateInput,
  ActivateInputSchema,
  AUTH_HEADERS,
  type AuthResult,
  AuthResultSchema,
  type ForgotPasswordInput,
  ForgotPasswordInputSchema,
  OkSchema,
  type ResetPasswordInput,
  ResetPasswordInputSchema,
  type SignInInput,
  SignInInputSchema,
  type SignUpInput,
  SignUpInputSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * Sign-up, sign-in, sign-out, activation and password reset (rule 6).
 *
 * @example
 * ```ts
 * const { user } = await api.auth.signIn({ email: 'franchisor@example.com', password: 'Demo-Pass-2025!' });
 * ```
 */
export interface AuthApi {
  /**
   * Creates an account and signs it in (stores the credentials).
   *
   * @example
   * ```ts
   * await api.auth.signUp({ email, password, firstName, lastName, role: 'consultant', ageConfirmed: true });
   * ```
   */
  signUp(input: SignUpInput, options?: RequestOptions): Promise<AuthResult>;
  /**
   * Signs in (stores the credentials). A wrong password rejects with status 401 but never calls
   * `onUnauthorized`.
   *
   * @example
   * ```ts
   * await api.auth.signIn({ email: 'franchisor@example.com', password: 'Demo-Pass-2025!' });
   * ```
   */
  signIn(input: SignInInput, options?: RequestOptions): Promise<AuthResult>;
  /**
   * Signs out on the server and always clears the store, first, so also when the call fails (the
   * failure is still reported). Signed out already: nothing is sent.
   *
   * @example
   * ```ts
   * await api.auth.signOut().finally(() => navigate('/'));
   * ```
   */
  signOut(options?: RequestOptions): Promise<void>;
  /**
   * Activates an admin-created account with its token link and a password, and signs it in.
   *
   * @example
   * ```ts
   * await api.auth.activate({ token: searchParams.get('token') ?? '', password });
   * ```
   */
  activate(input: ActivateInput, options?: RequestOptions): Promise<AuthResult>;
  /**
   * Asks for a password-reset e-mail; succeeds whether or not the account exists.
   *
   * @example
   * ```ts
   * await api.auth.forgotPassword({ email });
   * ```
   */
  forgotPassword(input: ForgotPasswordInput, options?: RequestOptions): Promise<void>;
  /**
   * Sets a new password with the token of a reset e-mail.
   *
   * @example
   * ```ts
   * await api.auth.resetPassword({ token, password });
   * ```
   */
  resetPassword(input: ResetPasswordInput, options?: RequestOptions): Promise<void>;
}

/**
 * `POST auth/sign-out`: forgets the stored credentials, then ends their session on the server.
 *
 * @example
 * ```ts
 * await signOut(api.http);
 * ```
 */
export async function signOut(http: Http, options?: RequestOptions): Promise<void> {
  const stored = http.tokenStore.get();
  if (!stored) return;
  // Forget the credentials before the server ends the session: a call that meets the ended
  // session meanwhile (a realtime reconnect told by the room) then carries none, and is not
  // taken for a session that expired elsewhere.
  http.tokenStore.clear();
  await http.call(
    {
      operation: 'signOut',
      method: 'post',
      path: 'auth/sign-out',
      json: {},
      response: v.unknown(),
      credentials: false,
      signOutOnUnauthorized: false,
    },
    {
      ...options,
      headers: {
        ...options?.headers,
        authorization: `Bearer ${stored.token}`,
        [AUTH_HEADERS.refreshToken]: stored.refreshToken,
      },
    },
  );
}

/**
 * Creates the auth calls on a transport.
 *
 * @example
 * ```ts
 * const auth = createAuthApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createAuthApi(http: Http): AuthApi {
  const signedIn = (result: AuthResult): AuthResult => {
    http.tokenStore.set({
      token: result.token,
      refreshToken: result.refreshToken,
      user: result.user,
    });
    return result;
  };

  return {
    async signUp(input, options) {
      const json = validateInput('signUp', SignUpInputSchema, input);
      const result = await http.call(
        {
          operation: 'signUp',
          method: 'post',
          path: 'auth/sign-up/email',
          json,
          response: AuthResultSchema,
          credentials: false,
        },
        options,
      );
      return signedIn(result);
    },

    async signIn(input, options) {
      const json = validateInput('signIn', SignInInputSchema, input);
      const result = await http.call(
        {
          operation: 'signIn',
          method: 'post',
          path: 'auth/sign-in/email',
          json,
          response: AuthResultSchema,
          credentials: false,
        },
        options,
      );
      return signedIn(result);
    },

    signOut: (options) => signOut(http, options),

    async activate(input, options) {
      const json = validateInput('activateAccount', ActivateInputSchema, input);
      const result = await http.call(
        {
          operation: 'activateAccount',
          method: 'post',
          path: 'users/activate',
          json,
          response: AuthResultSchema,
          credentials: false,
        },
        options,
      );
      return signedIn(result);
    },

    async forgotPassword(input, options) {
      const json = validateInput('requestPasswordReset', ForgotPasswordInputSchema, input);
      await http.call(
        {
          operation: 'requestPasswordReset',
          method: 'post',
          path: 'auth/forgot-password',
          json,
          response: OkSchema,
          credentials: false,
        },
        options,
      );
    },

    async resetPassword(input, options) {
      const json = validateInput('resetPassword', ResetPasswordInputSchema, input);
      await http.call(
        {
          operation: 'resetPassword',
          method: 'post',
          path: 'auth/reset-password',
          json,
          response: OkSchema,
          credentials: false,
        },
        options,
      );
    },
  };
}
