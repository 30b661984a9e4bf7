import { PROFILE_JSON_FIELDS, PROFILE_LIST_FIELDS } from '@fm/sdk/contracts';
import type { Context } from 'hono';
import { AppError } from '../../http/errors.ts';
import { readFormData } from '../../http/form-data.ts';

export interface ProfileBody {
  fields: Record<string, unknown>;
  files: Record<string, File[]>;
}

const isFile = (x: unknown): x is File => typeof File !== 'undefined' && x instanceof File;

/**
 * Reads `PATCH /api/users` as JSON or multipart (user-area §7): scalars as text, list fields as
 * repeated items (`region`, or `region[]`), `franchise`/`documents`/`fddFiles` as JSON text, files
 * by field name. The result goes through the same valibot schema either way.
 */
export async function readProfileBody(c: Context): Promise<ProfileBody> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    const json: unknown = await c.req.json();
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new AppError('MALFORMED_BODY');
    return { fields: json as Record<string, unknown>, files: {} };
  }
  const form = await readFormData(c);
  const fields: Record<string, unknown> = {};
  const files: Record<string, File[]> = {};
  for (const rawKey of new Set(form.keys())) {
    const key = rawKey.replace(/\[\]$/, '');
    const values = form.getAll(rawKey);
    const fileValues = values.filter(isFile).filter((f) => f.size > 0 || f.name !== '');
    if (fileValues.length > 0) {
      files[key] = [...(files[key] ?? []), ...fileValues];
      continue;
    }
    const texts = values.filter((x): x is string => typeof x === 'string');
    if ((PROFILE_JSON_FIELDS as readonly string[]).includes(key)) {
      try {
        fields[key] = JSON.parse(texts[0] ?? 'null');
      } catch {
        throw new AppError('VALIDATION_FAILED', {
          message: `${key} is not valid JSON`,
          errors: { [key]: `${key} is not valid JSON` },
        });
      }
    } else if ((PROFILE_LIST_FIELDS as readonly string[]).includes(key)) {
      fields[key] = [
        ...((fields[key] as string[] | undefined) ?? []),
        ...texts.filter((t) => t !== ''),
      ];
    } else {
      fields[key] = texts[0];
    }
  }
  return { fields, files };
}
