import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@fm/sdk/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseBusy } from '../db/sqlite-errors.ts';
import type { Logger } from './logger.ts';

/**
 * The one error type of the server. Its status and default message come from `ERROR_CODES`.
 * @example throw new AppError('SLOT_TAKEN');
 * @example throw new AppError('VALIDATION_FAILED', { errors: { email: 'Please input a valid email!' } });
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly errors: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; errors?: Record<string, string> } = {},
  ) {
    // A refusal (4xx) is an answer, not a fault: its stack trace is never read, so none is taken.
    const traceLimit = Error.stackTraceLimit;
    if (ERROR_CODES[code].status < 500) Error.stackTraceLimit = 0;
    try {
      super(options.message ?? ERROR_CODES[code].message);
    } finally {
      Error.stackTraceLimit = traceLimit;
    }
    this.code = code;
    this.status = ERROR_CODES[code].status as ContentfulStatusCode;
    this.errors = options.errors;
  }

  toBody(): ErrorBody {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** 429 with the seconds until the caller may try again, sent as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED');
  }
}

const statusToCode: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns any thrown value into rule 7's error shape; unknown failures are logged and answered with 500. */
export function toAppError(error: unknown, logger: Logger): AppError {
  if (isAppError(error)) return error;
  if (error instanceof HTTPException) {
    const code = statusToCode[error.status] ?? 'INTERNAL_ERROR';
    return new AppError(code);
  }
  if (error instanceof SyntaxError) return new AppError('MALFORMED_BODY');
  if (isDatabaseBusy(error)) {
    // Writers of this or another process held the database past the busy timeout: retryable.
    logger.info('database busy', String(error));
    return new AppError('SERVICE_UNAVAILABLE', {
      message: 'The service is busy. Please try again.',
    });
  }
  logger.error('unhandled error', error);
  return new AppError('INTERNAL_ERROR');
}

export function errorResponse(c: Context, error: AppError): Response {
  if (error instanceof RateLimitedError) {
    return c.json(error.toBody(), error.status, {
      'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))),
    });
  }
  return c.json(error.toBody(), error.status);
}
