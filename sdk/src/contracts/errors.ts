import * as v from 'valibot';
import { FIELD_MESSAGES, GENERIC_MESSAGES } from './texts.ts';

/**
 * The messages of the two refusals that the restricted-action modal also shows before any call
 * fails: apart from {@link ERROR_CODES}, so that a page showing them loads two strings, not every
 * code (P5).
 *
 * @example
 * RESTRICTION_MESSAGES.profileInactive; // 'Activate your profile to unlock messaging and bookings'
 */
export const RESTRICTION_MESSAGES = {
  subscriptionRequired: 'Activate your subscription to unlock messaging and bookings',
  profileInactive: 'Activate your profile to unlock messaging and bookings',
} as const;

/**
 * Every error the API can answer, defined once: its HTTP status and its default message (rule 7).
 * The server throws `new AppError('SLOT_TAKEN')`; clients match on `code`.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid input' },
  WEAK_PASSWORD: { status: 400, message: FIELD_MESSAGES.passwordRule },
  PASSWORDS_DO_NOT_MATCH: { status: 400, message: FIELD_MESSAGES.passwordsDoNotMatch },
  AGE_CONFIRMATION_REQUIRED: { status: 400, message: FIELD_MESSAGES.ageConfirmationRequired },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read' },
  UNAUTHORIZED: { status: 401, message: 'You are not signed in' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  API_KEY_INVALID: { status: 401, message: 'This API key is not valid or has been revoked.' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is incorrect' },
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    message: 'Please input your current password to change your email!',
  },
  PAYMENT_DECLINED: { status: 402, message: 'Your card was declined' },
  FORBIDDEN: { status: 403, message: GENERIC_MESSAGES.permissionDenied },
  ADMIN_ONLY: { status: 403, message: GENERIC_MESSAGES.permissionDenied },
  EMBED_ORIGIN_NOT_ALLOWED: {
    status: 403,
    message: 'This site is not allowed to use this embed key.',
  },
  EMBED_KEY_INVALID: { status: 403, message: 'This embed key is not valid or has been revoked.' },
  EMBED_SCOPE: {
    status: 403,
    message:
      "A sign-in from a partner site only works for the embedded widgets' own calls, together with the embed key it was made through.",
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    message: 'This API key does not have the scope this call needs.',
  },
  ROLE_NOT_ALLOWED: { status: 403, message: 'This role cannot be chosen at sign-up' },
  ACCOUNT_DELETED: { status: 403, message: 'This account has been deleted' },
  ACCOUNT_DEACTIVATED: { status: 403, message: 'This account has been deactivated' },
  ACCOUNT_NOT_ACTIVATED: {
    status: 403,
    message: 'This account is not activated yet. Use the link in your invitation e-mail.',
  },
  SUBSCRIPTION_REQUIRED: { status: 403, message: RESTRICTION_MESSAGES.subscriptionRequired },
  PROFILE_INACTIVE: { status: 403, message: RESTRICTION_MESSAGES.profileInactive },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ACTIVATION_TOKEN_INVALID: { status: 404, message: 'This activation link is not valid' },
  EMAIL_CHANGE_LINK_INVALID: {
    status: 404,
    message: 'This email change link is not valid or has already been used',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    message: 'This password reset link is invalid or has expired',
  },
  EMAIL_EXISTS: { status: 409, message: 'An account with this email already exists' },
  SLOT_TAKEN: { status: 409, message: 'This time slot has just been taken' },
  RESCHEDULE_OPEN_EXISTS: {
    status: 409,
    message: 'There is already an open proposal for this meeting',
  },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  DISPUTE_EXISTS: { status: 409, message: 'This charge has already been disputed' },
  DISPUTE_NOT_CHARGED: { status: 409, message: 'Only a charged meeting can be disputed' },
  DISPUTE_WINDOW_CLOSED: {
    status: 409,
    message: 'A charge can be disputed within 14 days of being charged',
  },
  DISPUTE_DECIDED: { status: 409, message: 'This dispute has already been decided' },
  REFUND_TOO_LARGE: {
    status: 422,
    message: 'A partial refund must be less than the amount charged',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed',
  },
  ACTIVATION_TOKEN_EXPIRED: { status: 410, message: 'This activation link has expired' },
  EMAIL_CHANGE_LINK_EXPIRED: { status: 410, message: 'This email change link has expired' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Only JPEG or PNG images are accepted' },
  BILLING_CONTACT_REQUIRED: { status: 422, message: FIELD_MESSAGES.billingAddressNotDeletable },
  SLOT_NOT_OFFERED: { status: 422, message: 'This time is not an available slot' },
  RULE_VIOLATION: { status: 422, message: 'This action is not allowed' },
  DURATION_EXCEEDS_MEASURED: {
    status: 422,
    message: 'The duration is longer than the measured meeting time.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request',
  },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  SLOT_HOLDS_EXCEEDED: { status: 429, message: 'You are holding too many time slots at once' },
  INTERNAL_ERROR: { status: 500, message: GENERIC_MESSAGES.somethingWentWrong },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
// Pure: a page that never names a code (the embeddable elements) leaves the whole map out.
export const ERROR_CODE_VALUES = /* @__PURE__ */ Object.keys(ERROR_CODES) as [
  ErrorCode,
  ...ErrorCode[],
];

/** The body of every error response (rule 7). `code` stays a string so that newer servers' codes parse. */
export const ErrorBodySchema = v.object({
  message: v.string(),
  code: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

// --- Appended by the SDK client: codes of failures the server did not name. ---
/**
 * `NETWORK_ERROR`: no HTTP answer (network down, timeout, abort; status 0).
 * `INVALID_RESPONSE`: an answer whose body does not match its schema.
 * `HTTP_ERROR`: an error status whose body carries no code and whose status maps to no code above.
 */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'INVALID_RESPONSE', 'HTTP_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
