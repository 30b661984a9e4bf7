import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { AppError } from './errors.ts';
import { fieldPathOf, readableMessage } from './issue-messages.ts';

/**
 * Field → first message, from valibot issues: the spec's texts where the schemas carry them, else
 * a plain sentence naming the field (`readableMessage`; `schema` lets a missing field answer with
 * its own message).
 */
export function fieldErrors(
  issues: readonly v.BaseIssue<unknown>[],
  schema?: v.GenericSchema,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = fieldPathOf(issue) || 'body';
    errors[key] ??= readableMessage(issue, schema);
  }
  return errors;
}

/** Throws VALIDATION_FAILED (400) whose message is the first field's message. */
export function throwValidation(
  issues: readonly v.BaseIssue<unknown>[],
  schema?: v.GenericSchema,
): never {
  const errors = fieldErrors(issues, schema);
  throw new AppError('VALIDATION_FAILED', {
    message: Object.values(errors)[0] ?? 'Invalid input',
    errors,
  });
}

/** Parses `input` with `schema` or throws the spec's field messages. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throwValidation(result.issues, schema);
  return result.output;
}

/**
 * Hono validator for a request part, answering rule 7's 400 with field messages.
 * @example app.post('/x', validate('json', SignInInputSchema), (c) => c.req.valid('json'))
 */
export function validate<T extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: T,
  schema: S,
) {
  return vValidator(target, schema, (result) => {
    if (!result.success) throwValidation(result.issues, schema);
  });
}
