import * as v from 'valibot';
import {
  type ActivateInput,
  ActivateInputSchema,
  AUTH_HEADERS,
  AUTH_OPERATIONS,
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

/** The operations of this module: their texts travel with its calls. */
type AuthOperation = keyof typeof AUTH_OPERATIONS;

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
      texts: AUTH_OPERATIONS,
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

  /** A call made signed out: its input checked against the contract first, no credentials sent. */
  const signedOutPost =
    <TIn extends v.GenericSchema, TOut extends v.GenericSchema>(
      operation: AuthOperation,
      path: string,
      input: TIn,
      response: TOut,
    ) =>
    (value: v.InferInput<TIn>, options?: RequestOptions): Promise<v.InferOutput<TOut>> => {
      const json = validateInput(operation, AUTH_OPERATIONS, input, value);
      return http.call(
        {
          operation,
          texts: AUTH_OPERATIONS,
          method: 'post',
          path,
          json,
          response,
          credentials: false,
        },
        options,
      );
    };
  /** A call whose answer is a session: stored before it is returned. */
  const signingIn =
    <TIn extends v.GenericSchema>(operation: AuthOperation, path: string, input: TIn) =>
    async (value: v.InferInput<TIn>, options?: RequestOptions): Promise<AuthResult> =>
      signedIn(await signedOutPost(operation, path, input, AuthResultSchema)(value, options));
  /** A call answered with `{ ok: true }` only. */
  const acknowledged =
    <TIn extends v.GenericSchema>(operation: AuthOperation, path: string, input: TIn) =>
    async (value: v.InferInput<TIn>, options?: RequestOptions): Promise<void> => {
      await signedOutPost(operation, path, input, OkSchema)(value, options);
    };

  return {
    signUp: signingIn('signUp', 'auth/sign-up/email', SignUpInputSchema),
    signIn: signingIn('signIn', 'auth/sign-in/email', SignInInputSchema),
    signOut: (options) => signOut(http, options),
    activate: signingIn('activateAccount', 'users/activate', ActivateInputSchema),
    forgotPassword: acknowledged(
      'requestPasswordReset',
      'auth/forgot-password',
      ForgotPasswordInputSchema,
    ),
    resetPassword: acknowledged('resetPassword', 'auth/reset-password', ResetPasswordInputSchema),
  };
}
