import { PROFILE_JSON_FIELDS, PROFILE_LIST_FIELDS } from '@fm/sdk/contracts';
import type { Context } from 'hono';
import { type FormBody, readFormBody } from '../../http/form-body.ts';

/**
 * Reads `PATCH /api/users` as JSON or multipart (user-area §7): scalars as text, list fields as
 * repeated items (`region`, or `region[]`), `franchise`/`documents`/`fddFiles` as JSON text, files
 * by field name. The result goes through the same valibot schema either way.
 */
export const readProfileBody = (c: Context): Promise<FormBody> =>
  readFormBody(c, { json: PROFILE_JSON_FIELDS, lists: PROFILE_LIST_FIELDS });
