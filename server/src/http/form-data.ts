import type { Context } from 'hono';
import { AppError, isAppError } from './errors.ts';

/**
 * The request's multipart (or url-encoded) form. A body that does not parse as one (a wrong
 * boundary, a cut-off upload, another content type) is the client's mistake: 400 MALFORMED_BODY,
 * never a 500. Errors of our own (a body over the size limit) pass through as they are.
 */
export async function readFormData(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('MALFORMED_BODY');
  }
}
