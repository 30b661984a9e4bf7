/**
 * Build-time stand-ins, used only by the element build (vite.config.ts, `trimSdk`), for the SDK
 * namespaces no element calls: the admin panel's, payments, the meeting room, profile editing and
 * API keys.
 * The SDK's `createClient` still builds every namespace; in the elements these few answer with an
 * error instead of carrying their code and schemas to every partner page (issue 12, P5).
 */
function unavailable(name: string): never {
  throw new Error(`The ${name} calls are not part of the embeddable elements; use @fm/sdk.`);
}

const absent = (name: string) =>
  new Proxy(
    {},
    {
      get: (_target, property) =>
        property === 'then' ? undefined : () => unavailable(`${name}.${String(property)}`),
    },
  );

export const createAdminApi = () => absent('admin');
export const createPaymentsApi = () => absent('payments');
export const createMeetingRoomApi = () => absent('meetingRoom');
export const createProfileApi = () => absent('profile');
export const createApiKeysApi = () => absent('apiKeys');
export const toAdminFormData = () => unavailable('toAdminFormData');
export const toProfileFormData = () => unavailable('toProfileFormData');

/**
 * Stands for one SDK call the elements never make (vite.config.ts, `ELEMENT_SDK_CALLS`): calling
 * it rejects with an error naming it.
 *
 * @example
 * const api = { getProfile: unavailableCall('users.getProfile') };
 */
export const unavailableCall =
  (name: string) =>
  (..._args: unknown[]): Promise<never> =>
    Promise.reject(
      new Error(`The ${name} call is not part of the embeddable elements; use @fm/sdk.`),
    );
