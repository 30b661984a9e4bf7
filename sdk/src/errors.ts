import * as v from 'valibot';
import {
  type ClientErrorCode,
  type ErrorCode,
  GENERIC_MESSAGES,
  OPERATIONS,
  type Operation,
} from './contracts/index.ts';

/**
 * Names a client call for error messages: a key of `OPERATIONS`.
 *
 * @example
 * ```ts
 * const op: SdkOperation = 'signIn'; // 'Error signing in: …'
 * ```
 */
export type SdkOperation = Operation;

/**
 * The `code` of an {@link ApiError}: a server code (`ERROR_CODES`), a client code
 * (`CLIENT_ERROR_CODES`), or any other string a newer server may send.
 *
 * @example
 * ```ts
 * if (error.code === 'EMAIL_EXISTS') showEmailTaken();
 * ```
 */
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & Record<never, never>);

/**
 * Operation texts for a set of calls: a module's map from the contract (`BOOKING_OPERATIONS`, …),
 * so that a page loads the texts of the calls it makes, or `OPERATIONS` for any call.
 *
 * @example
 * ```ts
 * const texts: OperationTexts<'fetchSlots'> = BOOKING_OPERATIONS;
 * ```
 */
export type OperationTexts<TOperation extends SdkOperation = SdkOperation> = {
  readonly [K in TOperation]: string;
};

/**
 * The text of any operation, e.g. `'Error signing in'` (every call's text: for apps; the SDK's
 * calls pass their own module's texts).
 *
 * @example
 * ```ts
 * operationText('updatePassword'); // 'Error updating password'
 * ```
 */
export function operationText(operation: SdkOperation): string {
  return OPERATIONS[operation];
}

/**
 * What an {@link ApiError} is made of: the operation's text (`operationText('signIn')`, or the
 * calling module's map) or a `message` that replaces the whole message.
 *
 * @example
 * ```ts
 * new ApiError({ operation: 'signIn', operationText: operationText('signIn'), status: 401, code: 'INVALID_CREDENTIALS', serverMessage: 'Invalid email or password' });
 * ```
 */
export type ApiErrorInit = {
  operation: SdkOperation;
  status: number;
  code: ApiErrorCode;
  /** The message part after the operation; the generic message is used when absent. */
  serverMessage?: string | undefined;
  errors?: Record<string, string> | undefined;
  /** The server's `x-request-id` for the failed call, to quote to support. */
  requestId?: string | undefined;
  cause?: unknown;
} & (
  | {
      /** The text before `': '` (`'Error signing in'`). */
      operationText: string;
      /** Overrides the whole message. */
      message?: string;
    }
  | {
      operationText?: string;
      /** The whole message (used for non-HTTP failures). */
      message: string;
    }
);

/**
 * Every failure of an SDK call. `message` is ready to show:
 * `'{operation text}: {server message}'`, or `'{operation text}: Something went wrong. Please try again.'`
 * when the server sent no message, or `'Unknown error occurred'` when no HTTP answer came (status 0,
 * code `NETWORK_ERROR`). `errors` holds field messages (the spec's texts) for forms.
 *
 * @example
 * ```ts
 * try {
 *   await api.auth.signIn({ email, password });
 * } catch (error) {
 *   if (isApiError(error)) toast.error(error.message); // 'Error signing in: Invalid email or password'
 * }
 * ```
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when no HTTP answer came. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field → message, for forms (from the server's `errors` or from client-side validation). */
  readonly errors?: Readonly<Record<string, string>>;
  /**
   * The message after the operation prefix: the server's message, or the first validation
   * message when the input was refused before sending; `undefined` when there was none.
   */
  readonly serverMessage: string | undefined;
  /** The call that failed, a key of `OPERATIONS` (e.g. `'signIn'`). */
  readonly operation: SdkOperation;
  /**
   * The id the server gave the failed request (its `x-request-id` header): quote it to support,
   * it finds every log line of that request. `undefined` when no HTTP answer came.
   */
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(
      init.message ??
        `${init.operationText}: ${init.serverMessage ?? GENERIC_MESSAGES.somethingWentWrong}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.operation = init.operation;
    this.requestId = init.requestId;
    if (init.errors !== undefined) this.errors = init.errors;
  }
}

/**
 * Whether `error` is an {@link ApiError} (including a {@link ResponseShapeError}).
 *
 * @example
 * ```ts
 * catch (error) { if (isApiError(error) && error.status === 409) … }
 * ```
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server answered, but its body does not match the contract (a schema failure, not an HTTP
 * failure). Users see `'{operation text}: Something went wrong. Please try again.'`; developers
 * find valibot's `issues` (empty when the body was not JSON at all). It is an {@link ApiError}
 * with code `INVALID_RESPONSE` and the answer's HTTP status, so UIs need only one error path.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (isResponseShapeError(error)) console.error(error.operation, error.issues);
 * }
 * ```
 */
export class ResponseShapeError extends ApiError {
  override name = 'ResponseShapeError';
  /** valibot's issues; empty when the body was not JSON. */
  readonly issues: readonly v.BaseIssue<unknown>[];

  constructor(init: {
    operation: SdkOperation;
    operationText: string;
    status: number;
    issues: readonly v.BaseIssue<unknown>[];
    cause?: unknown;
  }) {
    super({
      operation: init.operation,
      operationText: init.operationText,
      status: init.status,
      code: 'INVALID_RESPONSE',
      cause: init.cause,
    });
    this.issues = init.issues;
  }
}

/**
 * Whether `error` is a {@link ResponseShapeError}.
 *
 * @example
 * ```ts
 * if (isResponseShapeError(error)) reportBug(error.issues);
 * ```
 */
export function isResponseShapeError(error: unknown): error is ResponseShapeError {
  return error instanceof ResponseShapeError;
}

/** Codes for error statuses whose body carries none. */
const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_DECLINED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'RULE_VIOLATION',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The header in which the server names each request. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id of an HTTP failure, read from the response a ky `HTTPError` (the cause) holds. */
function requestIdOf(cause: unknown): string | undefined {
  if (typeof cause !== 'object' || cause === null || !('response' in cause)) return undefined;
  // Duck-typed: the Response may come from another realm (a fetch passed in, a test runner).
  const { response } = cause as { response?: { headers?: { get?: unknown } } };
  const get = response?.headers?.get;
  if (typeof get !== 'function') return undefined;
  const id: unknown = get.call(response?.headers, REQUEST_ID_HEADER);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function codeForStatus(status: number): ApiErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR');
}

const nonEmptyText = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** Reads what it can of an error body: a malformed field is ignored, not fatal. */
const LenientErrorBodySchema = v.object({
  message: v.fallback(v.optional(nonEmptyText), undefined),
  code: v.fallback(v.optional(nonEmptyText), undefined),
  errors: v.fallback(
    v.optional(
      v.pipe(
        v.unknown(),
        v.check((errors) => !Array.isArray(errors)),
        v.record(v.string(), v.string()),
      ),
    ),
    undefined,
  ),
});

/**
 * The {@link ApiError} of an HTTP error answer with the given (already read) body text (the shape of rule 7:
 * `{ message, code, errors? }`; anything else gives the generic message). When `cause` is ky's
 * `HTTPError`, the error carries the answer's request id.
 *
 * @example
 * ```ts
 * httpError('signIn', AUTH_OPERATIONS.signIn, 401, '{"message":"Invalid email or password","code":"INVALID_CREDENTIALS"}');
 * ```
 */
export function httpError(
  operation: SdkOperation,
  operationText: string,
  status: number,
  bodyText: string,
  cause?: unknown,
): ApiError {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const parsed = v.safeParse(LenientErrorBodySchema, json);
  const body = parsed.success ? parsed.output : undefined;
  const errors = body?.errors;
  return new ApiError({
    operation,
    operationText,
    status,
    code: body?.code ?? codeForStatus(status),
    serverMessage: body?.message,
    errors: errors && Object.keys(errors).length > 0 ? errors : undefined,
    requestId: requestIdOf(cause),
    cause,
  });
}

/**
 * The {@link ApiError} of a call that got no HTTP answer (network failure, timeout, abort).
 *
 * @example
 * ```ts
 * networkError('fetchProfile', new TypeError('fetch failed')).message; // 'Unknown error occurred'
 * ```
 */
export function networkError(operation: SdkOperation, cause?: unknown): ApiError {
  return new ApiError({
    operation,
    status: 0,
    code: 'NETWORK_ERROR',
    message: GENERIC_MESSAGES.unknown,
    cause,
  });
}

/**
 * The {@link ApiError} of an input refused before sending: status 400, code `VALIDATION_FAILED`,
 * `errors` with the first message of each field, message `'{operation text}: {first message}'`.
 *
 * @example
 * ```ts
 * const result = v.safeParse(SignInInputSchema, input);
 * if (!result.success) throw validationError('signIn', AUTH_OPERATIONS.signIn, result.issues);
 * ```
 */
export function validationError(
  operation: SdkOperation,
  operationText: string,
  issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
): ApiError {
  const nested = v.flatten(issues).nested ?? {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(nested)) {
    if (messages?.[0] !== undefined) errors[field] = messages[0];
  }
  return new ApiError({
    operation,
    operationText,
    status: 400,
    code: 'VALIDATION_FAILED',
    serverMessage: issues[0].message,
    errors,
  });
}
