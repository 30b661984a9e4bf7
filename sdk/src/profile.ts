import * as v from 'valibot';
import {
  BillingAddressInputSchema,
  type ContactProfile,
  type ContactProfilePatch,
  ContactProfilePatchSchema,
  ContactProfileSchema,
  CROPPED_IMAGE_NAME,
  type EmailChangeInput,
  EmailChangeInputSchema,
  type EmailChangeResult,
  EmailChangeResultSchema,
  EmailChangeTokenInputSchema,
  OkSchema,
  OPERATIONS,
  type OwnProfile,
  OwnProfileSchema,
  PROFILE_JSON_FIELDS,
  type ProfilePatch,
  ProfilePatchSchema,
  StripeEmailInputSchema,
  type SupportRequestInput,
  SupportRequestInputSchema,
  type UploadResult,
  UploadResultSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';
import { patchOwnProfile } from './users.ts';
import { validateInput } from './validate-input.ts';

/** Files sent with a profile update. */
export interface ProfileFiles {
  /** The cropped square photo (sent as `cropped-image.jpg`, user-area §5). */
  profilePhoto?: Blob;
  /** The franchise logo (cropped square). */
  logo?: Blob;
  /** New gallery photos. */
  photos?: Blob[];
}

/**
 * Editing one's own profile, contact and billing contact; uploads; support; account deletion.
 *
 * @example
 * ```ts
 * await api.profile.update({ bio: 'Twenty years in franchising', rate: 50 });
 * ```
 */
export interface ProfileApi {
  /**
   * `PATCH /api/users`: JSON without files, multipart with them. Undefined values are dropped.
   * @example await api.profile.update({ franchise: { minNetWorth: '250000' } }, { logo: croppedBlob });
   */
  update(patch: ProfilePatch, files?: ProfileFiles, options?: RequestOptions): Promise<OwnProfile>;
  /**
   * Asks to change the signed-in account's e-mail (`PATCH /api/users`), with its current password.
   * Nothing changes yet: the answer's `pendingEmail` is the new address, which gets a link to
   * confirm it, and the current address gets a link that undoes it for 7 days.
   * @example const { pendingEmail } = await api.profile.changeEmail({ email: 'ada@new.example', currentPassword });
   */
  changeEmail(input: EmailChangeInput, options?: RequestOptions): Promise<OwnProfile>;
  /**
   * Confirms a change of e-mail with the token of the link mailed to the new address; no sign-in
   * needed. Answers the account's e-mail from now on.
   * @example const { email } = await api.profile.confirmEmailChange(token);
   */
  confirmEmailChange(token: string, options?: RequestOptions): Promise<EmailChangeResult>;
  /**
   * Undoes a change of e-mail with the token of the link mailed to the old address (within 7 days);
   * the account gets its old address back and every session of it ends.
   * @example const { email } = await api.profile.undoEmailChange(token);
   */
  undoEmailChange(token: string, options?: RequestOptions): Promise<EmailChangeResult>;
  /** @example const { members, billingAddress } = await api.profile.getContact(); */
  getContact(options?: RequestOptions): Promise<ContactProfile>;
  /** @example await api.profile.updateContact({ firstName: 'Ada', smsConsent: true }); */
  updateContact(
    data: ContactProfilePatch['data'],
    options?: RequestOptions,
  ): Promise<ContactProfile>;
  /**
   * Makes the member with this e-mail the only billing contact.
   * @example await api.profile.setBillingContact('billing@brand.example');
   */
  setBillingContact(email: string, options?: RequestOptions): Promise<ContactProfile>;
  /** @example const { url } = await api.profile.uploadImage(blob); */
  uploadImage(image: Blob, options?: RequestOptions): Promise<UploadResult>;
  /**
   * A franchisor's document or FDD file (PDF or image; visible to signed-in users only).
   * @example const { url } = await api.profile.uploadDocument(pdf, 'FDD 2026.pdf');
   */
  uploadDocument(file: Blob, name: string, options?: RequestOptions): Promise<UploadResult>;
  /** @example await api.profile.changePaymentEmail('billing@brand.com'); */
  changePaymentEmail(email: string, options?: RequestOptions): Promise<void>;
  /** @example await api.profile.sendSupportRequest({ email, details }); */
  sendSupportRequest(
    input: SupportRequestInput,
    kind?: 'user' | 'company',
    options?: RequestOptions,
  ): Promise<void>;
  /**
   * Deletes the signed-in account and forgets the credentials.
   * @example await api.profile.deleteAccount();
   */
  deleteAccount(options?: RequestOptions): Promise<void>;
}

const dropUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined));

/**
 * A profile patch as multipart (user-area §7): scalars as text, lists as repeated items, the JSON
 * fields serialised, files by name.
 * @example toProfileFormData({ region: ['USA', 'Canada'] }, { profilePhoto: blob })
 */
export function toProfileFormData(patch: ProfilePatch, files: ProfileFiles = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(dropUndefined(patch))) {
    if ((PROFILE_JSON_FIELDS as readonly string[]).includes(key))
      form.append(key, JSON.stringify(value));
    else if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
    else form.append(key, value === null ? '' : String(value));
  }
  if (files.profilePhoto) form.append('profilePhoto', files.profilePhoto, CROPPED_IMAGE_NAME);
  if (files.logo) form.append('logo', files.logo, CROPPED_IMAGE_NAME);
  for (const photo of files.photos ?? []) form.append('photos', photo, CROPPED_IMAGE_NAME);
  return form;
}

const PaymentEmailResultSchema = v.object({ ok: v.literal(true), email: v.string() });

/**
 * Creates the profile calls on a transport.
 * @example const profile = createProfileApi(http);
 */
export function createProfileApi(http: Http, clearCredentials: () => void): ProfileApi {
  /** Confirming and undoing an e-mail change: the same token call, each at its own path. */
  const emailChangeStep =
    (operation: 'confirmEmailChange' | 'undoEmailChange', path: string) =>
    async (token: string, options?: RequestOptions): Promise<EmailChangeResult> => {
      const json = validateInput(operation, OPERATIONS, EmailChangeTokenInputSchema, { token });
      return http.call(
        {
          operation,
          texts: OPERATIONS,
          method: 'post',
          path,
          json,
          response: EmailChangeResultSchema,
        },
        options,
      );
    };

  return {
    async update(patch, files = {}, options) {
      const cleaned = dropUndefined(patch) as ProfilePatch;
      validateInput('updateProfile', OPERATIONS, ProfilePatchSchema, cleaned);
      const hasFiles = !!(files.profilePhoto || files.logo || files.photos?.length);
      return http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'patch',
          path: 'users',
          ...(hasFiles ? { body: toProfileFormData(cleaned, files) } : { json: cleaned }),
          response: OwnProfileSchema,
        },
        options,
      );
    },
    async changeEmail(input, options) {
      return patchOwnProfile(
        http,
        validateInput('updateProfile', OPERATIONS, EmailChangeInputSchema, input),
        options,
      );
    },
    confirmEmailChange: emailChangeStep('confirmEmailChange', 'users/email-change/confirm'),
    undoEmailChange: emailChangeStep('undoEmailChange', 'users/email-change/undo'),
    getContact(options) {
      return http.call(
        {
          operation: 'fetchProfile',
          texts: OPERATIONS,
          method: 'get',
          path: 'profile',
          response: ContactProfileSchema,
        },
        options,
      );
    },
    async updateContact(data, options) {
      const json = { data: dropUndefined(data) };
      validateInput('updateProfile', OPERATIONS, ContactProfilePatchSchema, json);
      return http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'patch',
          path: 'profile',
          json,
          response: ContactProfileSchema,
        },
        options,
      );
    },
    async setBillingContact(email, options) {
      validateInput('updateProfile', OPERATIONS, BillingAddressInputSchema, { email });
      return http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'patch',
          path: 'profile/billing-address',
          json: { email },
          response: ContactProfileSchema,
        },
        options,
      );
    },
    uploadImage(image, options) {
      const body = new FormData();
      body.append('image', image, CROPPED_IMAGE_NAME);
      return http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/upload-images',
          body,
          response: UploadResultSchema,
        },
        options,
      );
    },
    uploadDocument(file, name, options) {
      const body = new FormData();
      body.append('file', file, name);
      return http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'post',
          path: 'users/upload-documents',
          body,
          response: UploadResultSchema,
        },
        options,
      );
    },
    async changePaymentEmail(email, options) {
      const json = validateInput('updateProfile', OPERATIONS, StripeEmailInputSchema, { email });
      await http.call(
        {
          operation: 'updateProfile',
          texts: OPERATIONS,
          method: 'patch',
          path: 'users/change-stripe-email',
          json,
          response: PaymentEmailResultSchema,
        },
        options,
      );
    },
    async sendSupportRequest(input, kind = 'user', options) {
      const json = validateInput(
        'sendSupportRequest',
        OPERATIONS,
        SupportRequestInputSchema,
        input,
      );
      await http.call(
        {
          operation: 'sendSupportRequest',
          texts: OPERATIONS,
          method: 'post',
          path: kind === 'company' ? 'users/company-support-request' : 'users/support-request',
          json,
          response: OkSchema,
        },
        options,
      );
    },
    async deleteAccount(options) {
      await http.call(
        {
          operation: 'deleteAccount',
          texts: OPERATIONS,
          method: 'delete',
          path: 'users',
          response: OkSchema,
        },
        options,
      );
      clearCredentials();
    },
  };
}
