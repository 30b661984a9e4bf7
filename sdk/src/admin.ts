/**
 * `@fm/sdk/admin`: the admin control panel's calls. A workspace-only entry: the published package
 * (tsdown.config.ts, scripts/write-dist-package.mjs) leaves it out, so outside developers never
 * get these calls, and `FmClient` has no `admin` member.
 *
 * @example
 * ```ts
 * import { createClient } from '@fm/sdk';
 * import { createAdminApi } from '@fm/sdk/admin';
 * const admin = createAdminApi(createClient({ baseUrl: '/api', tokenStore }));
 * const { consultants, money } = await admin.getDashboard();
 * ```
 */
import type * as v from 'valibot';
import type { ApiClient } from './api-client.ts';
import { type ApiKeysApi, apiKeyCalls } from './api-keys.ts';
import {
  type ActivationLink,
  ActivationLinkSchema,
  ADMIN_JSON_FIELDS,
  type AdminAuditList,
  AdminAuditListSchema,
  type AdminAuditQuery,
  AdminAuditQuerySchema,
  AdminBillingAddressInputSchema,
  type AdminBookingsDownloadQuery,
  AdminBookingsDownloadQuerySchema,
  type AdminBrandName,
  type AdminBrandNameList,
  type AdminBrandNameListQuery,
  AdminBrandNameListQuerySchema,
  AdminBrandNameListSchema,
  AdminBrandNameSchema,
  type AdminBrandNamesDownloadQuery,
  AdminBrandNamesDownloadQuerySchema,
  AdminBrandNameUpdateSchema,
  type AdminConsultantsDownloadQuery,
  AdminConsultantsDownloadQuerySchema,
  type AdminDashboard,
  type AdminDashboardGraph,
  type AdminDashboardGraphQuery,
  AdminDashboardGraphQuerySchema,
  AdminDashboardGraphSchema,
  AdminDashboardSchema,
  type AdminDisputeDecisionInput,
  AdminDisputeDecisionInputSchema,
  type AdminDisputeDetail,
  AdminDisputeDetailSchema,
  type AdminDisputeList,
  type AdminDisputeListQuery,
  AdminDisputeListQuerySchema,
  AdminDisputeListSchema,
  type AdminDisputesDownloadQuery,
  AdminDisputesDownloadQuerySchema,
  type AdminFile,
  AdminFileSchema,
  type AdminFiles,
  type AdminFranchiseCreate,
  AdminFranchiseCreateSchema,
  type AdminFranchiseDetail,
  AdminFranchiseDetailSchema,
  type AdminFranchiseList,
  type AdminFranchiseListQuery,
  AdminFranchiseListQuerySchema,
  AdminFranchiseListSchema,
  type AdminFranchisesDownloadQuery,
  AdminFranchisesDownloadQuerySchema,
  type AdminFranchiseUpdate,
  AdminFranchiseUpdateSchema,
  type AdminFranchisorList,
  AdminFranchisorListSchema,
  type AdminFranchisorQuery,
  type AdminPaymentList,
  type AdminPaymentListQuery,
  AdminPaymentListQuerySchema,
  AdminPaymentListSchema,
  AdminPaymentMethodListSchema,
  type AdminPaymentsDownloadQuery,
  AdminPaymentsDownloadQuerySchema,
  type AdminPromotion,
  type AdminPromotionInput,
  AdminPromotionInputSchema,
  type AdminPromotionList,
  type AdminPromotionListQuery,
  AdminPromotionListQuerySchema,
  AdminPromotionListSchema,
  AdminPromotionSchema,
  type AdminPromotionUpdate,
  AdminPromotionUpdateSchema,
  type AdminRequestList,
  type AdminRequestListQuery,
  AdminRequestListQuerySchema,
  AdminRequestListSchema,
  type AdminSession,
  type AdminSessionList,
  type AdminSessionListQuery,
  AdminSessionListQuerySchema,
  AdminSessionListSchema,
  AdminSessionSchema,
  type AdminUserCreate,
  type AdminUserCreated,
  AdminUserCreatedSchema,
  AdminUserCreateSchema,
  type AdminUserDetail,
  AdminUserDetailSchema,
  type AdminUserList,
  type AdminUserListQuery,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  type AdminUserUpdate,
  AdminUserUpdateSchema,
  type BrandNameStatus,
  CROPPED_IMAGE_NAME,
  type Dispute,
  DisputeSchema,
  OkSchema,
  OPERATIONS,
  type PaymentMethod,
  type PaymentRunResult,
  PaymentRunResultSchema,
  type PromotionStatus,
} from './contracts/index.ts';
import type { SdkOperation } from './errors.ts';
import { type RequestOptions, withQuery } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { validateInput } from './validate-input.ts';
import { type WebhooksApi, webhookCalls } from './webhooks.ts';

/**
 * The admin control panel (admin-panel.md §7, rule 17). Every call needs an admin's credentials; other
 * roles get 403 `ADMIN_ONLY`. Lists answer `{<key>, total, page, limit}`; money is in dollars.
 *
 * @example
 * ```ts
 * const { users, total } = await admin.listUsers({ role: 'consultant', search: 'ann', page: 2 });
 * const { file, fileName } = await admin.downloadConsultants({ search: 'ann' });
 * ```
 */
export interface AdminApi {
  /**
   * The dashboard's figures (`GET admin/dashboard`, rule 17).
   * @example const { consultants, money } = await admin.getDashboard();
   */
  getDashboard(options?: RequestOptions): Promise<AdminDashboard>;
  /**
   * A dashboard graph (`GET admin/dashboard-graph?type&period`): meetings, revenue or sign-ups.
   * @example const { points } = await admin.getDashboardGraph({ type: 'revenue', period: 'year' });
   */
  getDashboardGraph(
    query?: AdminDashboardGraphQuery,
    options?: RequestOptions,
  ): Promise<AdminDashboardGraph>;
  /**
   * Consultants or franchisor users, hidden, deactivated and deleted ones included (`GET admin/users`).
   * @example const { users } = await admin.listUsers({ role: 'consultant', status: 'hidden' });
   */
  listUsers(
    query: AdminUserListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminUserList, AdminUserList['users'][number]>;
  /**
   * One consultant or franchisor user with their pending activation link (`GET admin/users/{id}`).
   * @example const consultant = await admin.getUser(id);
   */
  getUser(id: string, options?: RequestOptions): Promise<AdminUserDetail>;
  /**
   * Creates a consultant, or a franchisor user of a franchise (`POST admin/users`, multipart when a
   * photo is sent). The answer carries the activation link and its expiry.
   * @example const { user, activation } = await admin.createUser({ role: 'consultant', firstName, lastName, email, phone });
   */
  createUser(
    input: AdminUserCreate,
    files?: Pick<AdminFiles, 'profilePhoto'>,
    options?: RequestOptions,
  ): Promise<AdminUserCreated>;
  /**
   * Edits a user (`PATCH admin/users/{id}`).
   * @example await admin.updateUser(id, { rate: 60 }, { profilePhoto: blob });
   */
  updateUser(
    id: string,
    input: AdminUserUpdate,
    files?: Pick<AdminFiles, 'profilePhoto'>,
    options?: RequestOptions,
  ): Promise<AdminUserDetail>;
  /**
   * Deactivates (ends their sessions at once) or activates a user (`PATCH admin/users/{id} {isDeactivated}`).
   * @example await admin.setUserDeactivated(id, true);
   */
  setUserDeactivated(
    id: string,
    deactivated: boolean,
    options?: RequestOptions,
  ): Promise<AdminUserDetail>;
  /**
   * Hides (`visible: false`) or shows a user (`PATCH admin/users/{id} {status}`).
   * @example await admin.setUserVisible(id, false);
   */
  setUserVisible(id: string, visible: boolean, options?: RequestOptions): Promise<AdminUserDetail>;
  /**
   * Deletes a user (`DELETE admin/users/{id}`): they can no longer sign in; their sessions end.
   * A franchise's billing contact is refused (422) while other members remain.
   * @example await admin.deleteUser(id);
   */
  deleteUser(id: string, options?: RequestOptions): Promise<void>;
  /**
   * Issues a fresh activation link for an account not yet activated (`POST admin/users/{id}/activation-link`).
   * @example const { link, expiresAt } = await admin.issueActivationLink(id);
   */
  issueActivationLink(id: string, options?: RequestOptions): Promise<ActivationLink>;
  /**
   * Franchisor users to pick for Add Existing Franchisor (`GET admin/franchisors`).
   * @example const { franchisors } = await admin.listFranchisors({ search: 'smith' });
   */
  listFranchisors(
    query?: AdminFranchisorQuery,
    options?: RequestOptions,
  ): Promise<AdminFranchisorList>;
  /**
   * Moves an existing franchisor user into a franchise, out of their former one
   * (`POST admin/franchisors/{franchisorId}/add/{franchiseId}`).
   * @example await admin.addExistingFranchisor(userId, franchiseId);
   */
  addExistingFranchisor(
    franchisorId: string,
    franchiseId: string,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * Franchises (`GET admin/franchises`).
   * @example const { franchises } = await admin.listFranchises({ search: 'pizza' });
   */
  listFranchises(
    query?: AdminFranchiseListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminFranchiseList, AdminFranchiseList['franchises'][number]>;
  /**
   * One franchise with its members (`GET admin/franchises/{id}`).
   * @example const franchise = await admin.getFranchise(id);
   */
  getFranchise(id: string, options?: RequestOptions): Promise<AdminFranchiseDetail>;
  /**
   * Creates a franchise (`POST admin/franchises`, multipart when a logo or photos are sent).
   * @example const created = await admin.createFranchise({ company: 'Brand' }, { logo: blob });
   */
  createFranchise(
    input: AdminFranchiseCreate,
    files?: AdminFiles,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * Edits a franchise (`PATCH admin/franchises/{id}`).
   * @example await admin.updateFranchise(id, { sbaEligible: true });
   */
  updateFranchise(
    id: string,
    input: AdminFranchiseUpdate,
    files?: AdminFiles,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * Deactivates or activates a franchise (`PATCH admin/franchises/{id} {isDeactivated}`).
   * @example await admin.setFranchiseDeactivated(id, true);
   */
  setFranchiseDeactivated(
    id: string,
    deactivated: boolean,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * Hides or shows a franchise (`PATCH admin/franchises/{id} {status}`).
   * @example await admin.setFranchiseVisible(id, false);
   */
  setFranchiseVisible(
    id: string,
    visible: boolean,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * Deletes a franchise (`DELETE admin/franchises/{id}`); its members leave it.
   * @example await admin.deleteFranchise(id);
   */
  deleteFranchise(id: string, options?: RequestOptions): Promise<void>;
  /**
   * Makes the member with this e-mail the franchise's only billing contact
   * (`PATCH admin/franchises/{id}/billing-address`); empty is refused ('Billing address can not be deleted').
   * @example await admin.setBillingAddress(franchiseId, 'owner@brand.com');
   */
  setBillingAddress(
    franchiseId: string,
    email: string,
    options?: RequestOptions,
  ): Promise<AdminFranchiseDetail>;
  /**
   * A franchise's saved cards (`GET admin/payment-methods/{franchiseId}`).
   * @example const cards = await admin.listPaymentMethods(franchiseId);
   */
  listPaymentMethods(franchiseId: string, options?: RequestOptions): Promise<PaymentMethod[]>;
  /**
   * Bookings (`GET admin/sessions`); `limit: 10000` fetches all for an average rating.
   * @example const { sessions, total } = await admin.listSessions({ consultantId, limit: 10000 });
   */
  listSessions(
    query?: AdminSessionListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminSessionList, AdminSessionList['sessions'][number]>;
  /**
   * One booking with consultant, franchise and reviews (`GET admin/sessions/{id}`).
   * @example const booking = await admin.getSession(id);
   */
  getSession(id: string, options?: RequestOptions): Promise<AdminSession>;
  /**
   * Disputes of charged meetings, newest first (`GET admin/disputes`), filtered by status, a
   * search over both sides' names and e-mails and the franchise, and the opening's dates.
   * @example const { disputes } = await admin.listDisputes({ status: 'open' });
   */
  listDisputes(
    query?: AdminDisputeListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminDisputeList, AdminDisputeList['disputes'][number]>;
  /**
   * One dispute with its meeting's whole life: booking, reschedules, presence, chat, money,
   * replies and decision (`GET admin/disputes/{id}`).
   * @example const { timeline, presence } = await admin.getDispute(id);
   */
  getDispute(id: string, options?: RequestOptions): Promise<AdminDisputeDetail>;
  /**
   * Decides a dispute (`POST admin/disputes/{id}/decision`): `reject`, `full_refund`, or
   * `partial_refund` of `refundCents` (less than the charge, else 422 `REFUND_TOO_LARGE`). The
   * refund goes through the provider once, whatever the retries; a second decision is 409
   * `DISPUTE_DECIDED`.
   * @example await admin.decideDispute(id, { decision: 'partial_refund', refundCents: 5_000 });
   */
  decideDispute(
    id: string,
    input: AdminDisputeDecisionInput,
    options?: RequestOptions,
  ): Promise<Dispute>;
  /**
   * Disputes as CSV (`GET admin/disputes/download`): the list's filters, every row.
   * @example const { fileName, file } = await admin.downloadDisputes({ status: 'open' });
   */
  downloadDisputes(
    query?: AdminDisputesDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Payments (`GET admin/payments`).
   * @example const { payments } = await admin.listPayments({ paid: 'unpaid' });
   */
  listPayments(
    query?: AdminPaymentListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminPaymentList, AdminPaymentList['payments'][number]>;
  /**
   * Bookings as CSV (`GET admin/bookings/download`): `{fileName, file}` with `file` in base64.
   * @example const { fileName, file } = await admin.downloadBookings({ startDate: '2025-01-01' });
   */
  downloadBookings(
    query?: AdminBookingsDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Payments as CSV (`GET admin/payments/download`).
   * @example const { fileName, file } = await admin.downloadPayments();
   */
  downloadPayments(
    query?: AdminPaymentsDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Franchises as CSV (`GET admin/franchises/download`).
   * @example const { fileName, file } = await admin.downloadFranchises({ search: 'pizza' });
   */
  downloadFranchises(
    query?: AdminFranchisesDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Consultants as CSV (`GET admin/consultants/download`).
   * @example const { fileName, file } = await admin.downloadConsultants();
   */
  downloadConsultants(
    query?: AdminConsultantsDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Company brands as CSV, `company_brands_{timestamp}.csv` (`GET admin/brand-names/download`).
   * @example const { fileName, file } = await admin.downloadBrandNames();
   */
  downloadBrandNames(
    query?: AdminBrandNamesDownloadQuery,
    options?: RequestOptions,
  ): Promise<AdminFile>;
  /**
   * Promotions (`GET admin/promotions`).
   * @example const { promotions } = await admin.listPromotions({ status: 'active' });
   */
  listPromotions(
    query?: AdminPromotionListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminPromotionList, AdminPromotionList['promotions'][number]>;
  /**
   * Creates a promotion (`POST admin/promotions`).
   * @example await admin.createPromotion(promotionFormToInput(form));
   */
  createPromotion(input: AdminPromotionInput, options?: RequestOptions): Promise<AdminPromotion>;
  /**
   * Edits a promotion (`PATCH admin/promotions/{id}`).
   * @example await admin.updatePromotion(id, { name: 'Spring' });
   */
  updatePromotion(
    id: string,
    input: AdminPromotionUpdate,
    options?: RequestOptions,
  ): Promise<AdminPromotion>;
  /**
   * The Running/Paused switch (`PATCH admin/promotions/{id} {status}`).
   * @example await admin.setPromotionStatus(id, 'inactive');
   */
  setPromotionStatus(
    id: string,
    status: PromotionStatus,
    options?: RequestOptions,
  ): Promise<AdminPromotion>;
  /**
   * Deletes a promotion (`DELETE admin/promotions/{id}`).
   * @example await admin.deletePromotion(id);
   */
  deletePromotion(id: string, options?: RequestOptions): Promise<void>;
  /**
   * Company brand names (`GET admin/brand-names`; `status` defaults to pending).
   * @example const { brandNames } = await admin.listBrandNames({ status: 'approved' });
   */
  listBrandNames(
    query?: AdminBrandNameListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminBrandNameList, AdminBrandNameList['brandNames'][number]>;
  /**
   * Sets a brand name's status (`PATCH admin/brand-names/{id}`).
   * @example await admin.updateBrandNameStatus(id, 'approved');
   */
  updateBrandNameStatus(
    id: string,
    status: BrandNameStatus,
    options?: RequestOptions,
  ): Promise<AdminBrandName>;
  /**
   * The Requests page's tabs (`GET admin/requests?type=user|company`).
   * @example const { requests } = await admin.listRequests({ type: 'company' });
   */
  listRequests(
    query: AdminRequestListQuery,
    options?: RequestOptions,
  ): PagedCall<AdminRequestList, AdminRequestList['requests'][number]>;
  /**
   * The audit trail of one record, newest first (`GET admin/audit?entityType&entityId`).
   * @example const { entries } = await admin.listAudit({ entityType: 'user', entityId: id });
   */
  listAudit(
    query: AdminAuditQuery,
    options?: RequestOptions,
  ): PagedCall<AdminAuditList, AdminAuditList['entries'][number]>;
  /**
   * A franchise's API keys (Franchise Details → API keys, rule 18): list, create and revoke them
   * as the franchise's own members do with `api.apiKeys`.
   * @example const keys = await admin.franchiseApiKeys(franchiseId).list();
   */
  franchiseApiKeys(franchiseId: string): ApiKeysApi;
  /**
   * A franchise's webhook endpoints and deliveries (Franchise Details → Webhooks, rule 21), as the
   * franchise's own members manage them with `api.webhooks`.
   * @example const endpoints = await admin.franchiseWebhooks(franchiseId).list();
   */
  franchiseWebhooks(franchiseId: string): WebhooksApi;
  /**
   * Charges the completed meetings of the past week plus missed ones now
   * (`POST users/cron-manual-trigger`). Safe to call twice.
   * @example const { charged, failed } = await admin.runManualProcessing();
   */
  runManualProcessing(options?: RequestOptions): Promise<PaymentRunResult>;
}

const enc = (value: string) => encodeURIComponent(value);
const dropUndefined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as T;

/**
 * A multipart body of an admin form: lists as repeated `name[]` items, commissions as JSON text,
 * files as `cropped-image.jpg`.
 * @example toAdminFormData({ region: ['USA'] }, { profilePhoto: blob })
 */
export function toAdminFormData(input: Record<string, unknown>, files: AdminFiles = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(dropUndefined(input))) {
    if ((ADMIN_JSON_FIELDS as readonly string[]).includes(key)) {
      form.append(key, JSON.stringify(value));
    } else if (Array.isArray(value)) {
      for (const item of value) form.append(`${key}[]`, String(item));
    } else form.append(key, value === null ? '' : String(value));
  }
  if (files.profilePhoto) form.append('profilePhoto', files.profilePhoto, CROPPED_IMAGE_NAME);
  if (files.logo) form.append('logo', files.logo, CROPPED_IMAGE_NAME);
  for (const photo of files.photos ?? []) form.append('photos', photo, CROPPED_IMAGE_NAME);
  return form;
}

const hasFiles = (files: AdminFiles) =>
  !!(files.profilePhoto || files.logo || (files.photos && files.photos.length > 0));

/**
 * Creates the admin calls on a client's transport (any {@link ApiClient}: an `FmClient` or
 * `createApiClient`'s).
 * @example const admin = createAdminApi(createClient({ baseUrl: '/api', tokenStore }));
 */
export function createAdminApi(client: ApiClient): AdminApi {
  const { http } = client;
  // Async, so that input refused before sending rejects like any other failure.
  async function get<S extends v.GenericSchema>(
    operation: SdkOperation,
    path: string,
    response: S,
    query?: { schema: v.GenericSchema; value: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>> {
    if (query) validateInput(operation, OPERATIONS, query.schema, query.value);
    return http.call(
      {
        operation,
        texts: OPERATIONS,
        method: 'get',
        path: query ? withQuery(path, query.value) : path,
        response,
      },
      options,
    );
  }

  async function send<S extends v.GenericSchema>(
    operation: SdkOperation,
    method: 'post' | 'patch',
    path: string,
    input: Record<string, unknown>,
    schema: v.GenericSchema,
    response: S,
    files: AdminFiles = {},
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>> {
    const cleaned = dropUndefined(input);
    validateInput(operation, OPERATIONS, schema, cleaned);
    return http.call(
      {
        operation,
        texts: OPERATIONS,
        method,
        path,
        ...(hasFiles(files) ? { body: toAdminFormData(cleaned, files) } : { json: cleaned }),
        // Creates are safe to retry (Idempotency-Key); multipart bodies are not keyed by the server.
        idempotent: method === 'post' && !hasFiles(files),
        response,
      },
      options,
    );
  }

  async function remove(
    operation: SdkOperation,
    path: string,
    options?: RequestOptions,
  ): Promise<void> {
    await http.call(
      { operation, texts: OPERATIONS, method: 'delete', path, response: OkSchema },
      options,
    );
  }

  const download =
    (operation: SdkOperation, path: string, schema: v.GenericSchema) =>
    (query: Record<string, unknown> = {}, options?: RequestOptions) =>
      get(operation, path, AdminFileSchema, { schema, value: query }, options);

  const patchUser = (id: string, json: AdminUserUpdate, options?: RequestOptions) =>
    send(
      'updateUser',
      'patch',
      `admin/users/${enc(id)}`,
      json,
      AdminUserUpdateSchema,
      AdminUserDetailSchema,
      {},
      options,
    );
  const patchFranchise = (id: string, json: AdminFranchiseUpdate, options?: RequestOptions) =>
    send(
      'updateFranchise',
      'patch',
      `admin/franchises/${enc(id)}`,
      json,
      AdminFranchiseUpdateSchema,
      AdminFranchiseDetailSchema,
      {},
      options,
    );

  return {
    getDashboard: (options) =>
      get('fetchDashboard', 'admin/dashboard', AdminDashboardSchema, undefined, options),
    getDashboardGraph: (query = {}, options) =>
      get(
        'fetchDashboardGraph',
        'admin/dashboard-graph',
        AdminDashboardGraphSchema,
        {
          schema: AdminDashboardGraphQuerySchema,
          value: query,
        },
        options,
      ),
    listUsers: (query, options) =>
      paged(
        (page) =>
          get(
            'fetchAdminUsers',
            'admin/users',
            AdminUserListSchema,
            {
              schema: AdminUserListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.users,
      ),
    getUser: (id, options) =>
      get('fetchAdminUser', `admin/users/${enc(id)}`, AdminUserDetailSchema, undefined, options),
    createUser: (input, files = {}, options) =>
      send(
        input.role === 'consultant' ? 'createConsultant' : 'createUser',
        'post',
        'admin/users',
        input,
        AdminUserCreateSchema,
        AdminUserCreatedSchema,
        files,
        options,
      ),
    updateUser: (id, input, files = {}, options) =>
      send(
        'updateUser',
        'patch',
        `admin/users/${enc(id)}`,
        input,
        AdminUserUpdateSchema,
        AdminUserDetailSchema,
        files,
        options,
      ),
    setUserDeactivated: (id, deactivated, options) =>
      patchUser(id, { isDeactivated: deactivated }, options),
    setUserVisible: (id, visible, options) => patchUser(id, { status: visible }, options),
    deleteUser: (id, options) => remove('deleteUser', `admin/users/${enc(id)}`, options),
    issueActivationLink: (id, options) =>
      http.call(
        {
          operation: 'issueActivationLink',
          texts: OPERATIONS,
          method: 'post',
          path: `admin/users/${enc(id)}/activation-link`,
          json: {},
          response: ActivationLinkSchema,
        },
        options,
      ),
    listFranchisors: (query = {}, options) =>
      get(
        'fetchAdminFranchisors',
        withQuery('admin/franchisors', query),
        AdminFranchisorListSchema,
        undefined,
        options,
      ),
    addExistingFranchisor: (franchisorId, franchiseId, options) =>
      http.call(
        {
          operation: 'addExistingFranchisor',
          texts: OPERATIONS,
          idempotent: true,
          method: 'post',
          path: `admin/franchisors/${enc(franchisorId)}/add/${enc(franchiseId)}`,
          json: {},
          response: AdminFranchiseDetailSchema,
        },
        options,
      ),
    listFranchises: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchAdminFranchises',
            'admin/franchises',
            AdminFranchiseListSchema,
            {
              schema: AdminFranchiseListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.franchises,
      ),
    getFranchise: (id, options) =>
      get(
        'fetchAdminFranchise',
        `admin/franchises/${enc(id)}`,
        AdminFranchiseDetailSchema,
        undefined,
        options,
      ),
    createFranchise: (input, files = {}, options) =>
      send(
        'createFranchise',
        'post',
        'admin/franchises',
        input,
        AdminFranchiseCreateSchema,
        AdminFranchiseDetailSchema,
        files,
        options,
      ),
    updateFranchise: (id, input, files = {}, options) =>
      send(
        'updateFranchise',
        'patch',
        `admin/franchises/${enc(id)}`,
        input,
        AdminFranchiseUpdateSchema,
        AdminFranchiseDetailSchema,
        files,
        options,
      ),
    setFranchiseDeactivated: (id, deactivated, options) =>
      patchFranchise(id, { isDeactivated: deactivated }, options),
    setFranchiseVisible: (id, visible, options) => patchFranchise(id, { status: visible }, options),
    deleteFranchise: (id, options) =>
      remove('deleteFranchise', `admin/franchises/${enc(id)}`, options),
    setBillingAddress: (franchiseId, email, options) =>
      send(
        'updateBillingAddress',
        'patch',
        `admin/franchises/${enc(franchiseId)}/billing-address`,
        { email },
        AdminBillingAddressInputSchema,
        AdminFranchiseDetailSchema,
        {},
        options,
      ),
    listPaymentMethods: async (franchiseId, options) =>
      (
        await get(
          'fetchPaymentMethods',
          `admin/payment-methods/${enc(franchiseId)}`,
          AdminPaymentMethodListSchema,
          undefined,
          options,
        )
      ).data,
    listSessions: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchAdminSessions',
            'admin/sessions',
            AdminSessionListSchema,
            {
              schema: AdminSessionListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.sessions,
      ),
    getSession: (id, options) =>
      get('fetchAdminSession', `admin/sessions/${enc(id)}`, AdminSessionSchema, undefined, options),
    listDisputes: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchAdminDisputes',
            'admin/disputes',
            AdminDisputeListSchema,
            {
              schema: AdminDisputeListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.disputes,
      ),
    getDispute: (id, options) =>
      get(
        'fetchAdminDispute',
        `admin/disputes/${enc(id)}`,
        AdminDisputeDetailSchema,
        undefined,
        options,
      ),
    decideDispute: (id, input, options) =>
      send(
        'decideDispute',
        'post',
        `admin/disputes/${enc(id)}/decision`,
        input,
        AdminDisputeDecisionInputSchema,
        DisputeSchema,
        {},
        options,
      ),
    downloadDisputes: download(
      'downloadDisputes',
      'admin/disputes/download',
      AdminDisputesDownloadQuerySchema,
    ),
    listPayments: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchAdminPayments',
            'admin/payments',
            AdminPaymentListSchema,
            {
              schema: AdminPaymentListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.payments,
      ),
    downloadBookings: download(
      'downloadBookings',
      'admin/bookings/download',
      AdminBookingsDownloadQuerySchema,
    ),
    downloadPayments: download(
      'downloadPayments',
      'admin/payments/download',
      AdminPaymentsDownloadQuerySchema,
    ),
    downloadFranchises: download(
      'downloadFranchises',
      'admin/franchises/download',
      AdminFranchisesDownloadQuerySchema,
    ),
    downloadConsultants: download(
      'downloadConsultants',
      'admin/consultants/download',
      AdminConsultantsDownloadQuerySchema,
    ),
    downloadBrandNames: download(
      'downloadCompanyBrands',
      'admin/brand-names/download',
      AdminBrandNamesDownloadQuerySchema,
    ),
    listPromotions: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchPromotions',
            'admin/promotions',
            AdminPromotionListSchema,
            {
              schema: AdminPromotionListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.promotions,
      ),
    createPromotion: (input, options) =>
      send(
        'createPromotion',
        'post',
        'admin/promotions',
        input,
        AdminPromotionInputSchema,
        AdminPromotionSchema,
        {},
        options,
      ),
    updatePromotion: (id, input, options) =>
      send(
        'updatePromotion',
        'patch',
        `admin/promotions/${enc(id)}`,
        input,
        AdminPromotionUpdateSchema,
        AdminPromotionSchema,
        {},
        options,
      ),
    setPromotionStatus: (id, status, options) =>
      send(
        'updatePromotion',
        'patch',
        `admin/promotions/${enc(id)}`,
        { status },
        AdminPromotionUpdateSchema,
        AdminPromotionSchema,
        {},
        options,
      ),
    deletePromotion: (id, options) =>
      remove('deletePromotion', `admin/promotions/${enc(id)}`, options),
    listBrandNames: (query = {}, options) =>
      paged(
        (page) =>
          get(
            'fetchBrandNames',
            'admin/brand-names',
            AdminBrandNameListSchema,
            {
              schema: AdminBrandNameListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.brandNames,
      ),
    updateBrandNameStatus: (id, status, options) =>
      send(
        'updateBrandName',
        'patch',
        `admin/brand-names/${enc(id)}`,
        { status },
        AdminBrandNameUpdateSchema,
        AdminBrandNameSchema,
        {},
        options,
      ),
    listRequests: (query, options) =>
      paged(
        (page) =>
          get(
            'fetchRequests',
            'admin/requests',
            AdminRequestListSchema,
            {
              schema: AdminRequestListQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.requests,
      ),
    listAudit: (query, options) =>
      paged(
        (page) =>
          get(
            'fetchAuditLog',
            'admin/audit',
            AdminAuditListSchema,
            {
              schema: AdminAuditQuerySchema,
              value: page === undefined ? query : { ...query, page },
            },
            options,
          ),
        (p) => p.entries,
      ),
    franchiseApiKeys: (franchiseId) =>
      apiKeyCalls(http, `admin/franchises/${enc(franchiseId)}/api-keys`),
    franchiseWebhooks: (franchiseId) =>
      webhookCalls(http, {
        collection: `admin/franchises/${enc(franchiseId)}/webhooks/endpoints`,
        endpoints: 'admin/webhooks/endpoints',
        deliveries: 'admin/webhooks/deliveries',
      }),
    runManualProcessing: (options) =>
      http.call(
        {
          operation: 'runManualProcessing',
          texts: OPERATIONS,
          idempotent: true,
          method: 'post',
          path: 'users/cron-manual-trigger',
          json: {},
          response: PaymentRunResultSchema,
        },
        options,
      ),
  };
}
