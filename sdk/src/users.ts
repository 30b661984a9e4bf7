import {
  type ChangePasswordInput,
  ChangePasswordInputSchema,
  OkSchema,
  type OwnProfile,
  OwnProfileSchema,
  type PublicProfile,
  PublicProfileSchema,
  type SignUpRole,
  type TimeZonePatch,
  TimeZonePatchSchema,
  type UpdateAccountInput,
  UpdateAccountInputSchema,
  USER_OPERATIONS,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { validateInput } from './validate-input.ts';

/**
 * The signed-in user's profile and account, and public profiles.
 *
 * @example
 * ```ts
 * const me = await api.users.getProfile();
 * ```
 */
export interface UsersApi {
  /**
   * The signed-in user's own profile; retried once after a network failure or a 5xx
   * (user-area §4).
   *
   * @example
   * ```ts
   * const { firstName, profileCompleteness } = await api.users.getProfile();
   * ```
   */
  getProfile(options?: RequestOptions): Promise<OwnProfile>;
  /**
   * A consultant's or franchisor's public profile (viewable without signing in). Given the role
   * the caller expects, a failure names it: `'Error fetching consultant by ID: …'` (user-area §8)
   * or `'Error fetching franchisor by ID: …'`; else `'Error fetching profile: …'`.
   *
   * @example
   * ```ts
   * const profile = await api.users.getPublicProfile(id, 'consultant');
   * if (profile.role === 'consultant') console.log(profile.rate);
   * ```
   */
  getPublicProfile(
    id: string,
    expectedRole?: SignUpRole,
    options?: RequestOptions,
  ): Promise<PublicProfile>;
  /**
   * Changes the signed-in user's password; `confirmPassword` must equal `password`.
   *
   * @example
   * ```ts
   * await api.users.changePassword({ oldPassword, password, confirmPassword: password });
   * ```
   */
  changePassword(input: ChangePasswordInput, options?: RequestOptions): Promise<void>;
  /**
   * Saves the zone a franchisor or an admin reads times in (rule 20), one of `TIME_ZONES`; null
   * forgets it. A consultant's zone is their calendar settings' (`bookings.updateCalendarSettings`).
   *
   * @example
   * ```ts
   * const me = await api.users.setTimeZone({ timeZone: 'America/Chicago' });
   * ```
   */
  setTimeZone(input: TimeZonePatch, options?: RequestOptions): Promise<OwnProfile>;
  /**
   * Updates names and e-mail (`PATCH /api/users`, JSON). Undefined and empty fields are dropped,
   * so only what was filled in changes. Answers the updated own profile.
   *
   * @example
   * ```ts
   * const me = await api.users.updateAccount({ firstName: 'Ada', lastName: '' }); // sends { firstName }
   * ```
   */
  updateAccount(input: UpdateAccountInput, options?: RequestOptions): Promise<OwnProfile>;
}

/** The operation a public profile's failure is named after, by the role the caller expects. */
const PUBLIC_PROFILE_OPERATIONS: Record<SignUpRole, keyof typeof USER_OPERATIONS> = {
  consultant: 'fetchConsultantById',
  franchisor: 'fetchFranchisorById',
};

/**
 * `GET users/profile/{id}`: a consultant's or franchisor's public profile; with the role the caller
 * expects, a failure is worded for it.
 *
 * @example
 * ```ts
 * const profile = await getPublicProfile(api.http, id, 'consultant');
 * ```
 */
export function getPublicProfile(
  http: Http,
  id: string,
  expectedRole?: SignUpRole,
  options?: RequestOptions,
): Promise<PublicProfile> {
  return http.call(
    {
      operation: expectedRole ? PUBLIC_PROFILE_OPERATIONS[expectedRole] : 'fetchProfile',
      texts: USER_OPERATIONS,
      method: 'get',
      path: `users/profile/${encodeURIComponent(id)}`,
      response: PublicProfileSchema,
    },
    options,
  );
}

/**
 * `PATCH /users` with a checked JSON body: the caller's own profile changed, answered with the
 * whole profile again. Shared by the account form (users) and the e-mail change (profile).
 * @example const me = await patchOwnProfile(http, { firstName: 'Ann' });
 */
export function patchOwnProfile(
  http: Http,
  json: unknown,
  options?: RequestOptions,
): Promise<OwnProfile> {
  return http.call(
    {
      operation: 'updateProfile',
      texts: USER_OPERATIONS,
      method: 'patch',
      path: 'users',
      json,
      response: OwnProfileSchema,
    },
    options,
  );
}

/**
 * Creates the users calls on a transport.
 *
 * @example
 * ```ts
 * const users = createUsersApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createUsersApi(http: Http): UsersApi {
  return {
    getProfile(options) {
      return http.call(
        {
          operation: 'fetchProfile',
          texts: USER_OPERATIONS,
          method: 'get',
          path: 'users/profile',
          response: OwnProfileSchema,
          retries: 1,
        },
        options,
      );
    },

    getPublicProfile: (id, expectedRole, options) =>
      getPublicProfile(http, id, expectedRole, options),

    async changePassword(input, options) {
      const json = validateInput(
        'updatePassword',
        USER_OPERATIONS,
        ChangePasswordInputSchema,
        input,
      );
      await http.call(
        {
          operation: 'updatePassword',
          texts: USER_OPERATIONS,
          method: 'patch',
          path: 'users/password',
          json,
          response: OkSchema,
        },
        options,
      );
    },

    async setTimeZone(input, options) {
      return patchOwnProfile(
        http,
        validateInput('updateProfile', USER_OPERATIONS, TimeZonePatchSchema, input),
        options,
      );
    },

    async updateAccount(input, options) {
      const filled = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined && value !== ''),
      );
      return patchOwnProfile(
        http,
        validateInput('updateProfile', USER_OPERATIONS, UpdateAccountInputSchema, filled),
        options,
      );
    },
  };
}
