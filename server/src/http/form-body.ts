import type { Context } from 'hono';
import { AppError } from './errors.ts';
import { readFormData } from './form-data.ts';

/** A form's fields (still to go through the contract's schema) and its files by field name. */
export interface FormBody {
  fields: Record<string, unknown>;
  files: Record<string, File[]>;
}

const isFile = (x: unknown): x is File => typeof File !== 'undefined' && x instanceof File;

/**
 * A write sent as JSON or as multipart: in multipart, scalars are text, list fields repeated items
 * (`region` or `region[]`), JSON fields JSON text, and files come by field name. The fields then go
 * through the same valibot schema either way (the profile and the admin forms, user-area §7).
 *
 * @example
 * ```ts
 * const { fields, files } = await readFormBody(c, { json: ['commissions'], lists: ['categories'] });
 * ```
 */
export async function readFormBody(
  c: Context,
  shape: {
    /** Fields sent as JSON text. */
    json: readonly string[];
    /** Fields sent as repeated items. */
    lists: readonly string[];
    /** Whether any other `name[]` is a list too (the admin forms), not its first item. */
    bracketsMakeLists?: boolean;
  },
): Promise<FormBody> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    const json: unknown = await c.req.json();
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new AppError('MALFORMED_BODY');
    }
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
    if (shape.json.includes(key)) {
      try {
        fields[key] = JSON.parse(texts[0] ?? 'null');
      } catch {
        throw new AppError('VALIDATION_FAILED', {
          message: `${key} is not valid JSON`,
          errors: { [key]: `${key} is not valid JSON` },
        });
      }
    } else if (shape.lists.includes(key) || (shape.bracketsMakeLists && rawKey.endsWith('[]'))) {
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
