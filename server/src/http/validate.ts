import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { AppError } from './errors.ts';

/** Field → first message, from valibot issues (the spec's texts live in the schemas). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Throws VALIDATION_FAILED (400) whose message is the first field's message. */
export function throwValidation(issues: readonly v.BaseIssue<unknown>[]): never {
  const errors = fieldErrors(issues);
  throw new AppError('VALIDATION_FAILED', {
    message: Object.values(errors)[0] ?? 'Invalid input',
    errors,
  });
}

/** Parses `input` with `schema` or throws the spec's field messages. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throwValidation(result.issues);
  return result.output;
}

/**
 * Hono validator for a request part, answering D7's 400 with field messages.
 * @example app.post('/x', validate('json', SignInInputSchema), (c) => c.req.valid('json'))
 */
export function validate<T extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: T,
  schema: S,
) {
  return vValidator(target, schema, (result) => {
    if (!result.success) throwValidation(result.issues);
  });
}
