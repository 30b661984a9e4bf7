import * as v from 'valibot';

/** valibot's own wording (`Invalid type: Expected string but received 5`), used where a schema sets none. */
const DEFAULT_MESSAGE = /^Invalid [a-z ]+: (Expected .+ but r|R)eceived /;
const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

type Issue = v.BaseIssue<unknown>;
type AnySchema = v.GenericSchema & {
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
};

const pathOf = (issue: Issue) => issue.path?.map((item) => String(item.key)) ?? [];

/** The field an issue is about, as the answer's `errors` names it (`weeklyHours.0.start`; '' for the body). */
export const fieldPathOf = (issue: Issue): string => pathOf(issue).join('.');

/** The schema of the field at `path` inside `root`, through optional and nullable wrappers. */
function fieldSchema(root: AnySchema, path: readonly string[]): AnySchema | undefined {
  let schema: AnySchema | undefined = root;
  for (const key of path) {
    while (schema?.wrapped) schema = schema.wrapped;
    schema = schema?.entries?.[key];
  }
  return schema;
}

const isMissingKey = (issue: Issue) =>
  issue.kind === 'schema' &&
  OBJECT_TYPES.has(issue.type) &&
  issue.input === undefined &&
  typeof issue.expected === 'string' &&
  issue.expected.startsWith('"');

/** What a type's name in valibot's `expected` reads as in a sentence. */
function expectedText(expected: string | null): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'Object':
      return 'an object';
    case 'Array':
      return 'a list';
    case null:
      return 'valid';
    default:
      // A picklist: `"a" | "b"`.
      if (/^"[^"]*"( \| "[^"]*")*$/.test(expected)) {
        return `one of ${expected.replaceAll('"', '').split(' | ').join(', ')}`;
      }
      return 'valid';
  }
}

/** A sentence for an issue whose schema gave no message of its own. */
function plainMessage(issue: Issue, label: string): string {
  const nested = issue.issues?.[0];
  if (nested) return readableMessage(nested);
  const requirement = String((issue as { requirement?: unknown }).requirement);
  const unit = typeof issue.input === 'string' ? 'characters' : 'items';
  switch (issue.type) {
    case 'max_value':
      return `${label} must be at most ${requirement}`;
    case 'min_value':
      return `${label} must be at least ${requirement}`;
    case 'max_length':
      return `${label} must have at most ${requirement} ${unit}`;
    case 'min_length':
      return `${label} must have at least ${requirement} ${unit}`;
    case 'non_empty':
      return `${label} is required`;
    case 'integer':
      return `${label} must be a whole number`;
    default:
      return issue.kind === 'schema'
        ? `${label} must be ${expectedText(issue.expected)}`
        : `${label} is not valid`;
  }
}

/**
 * The message an issue answers with: the schema's own (the spec's texts live in the schemas), else
 * a plain sentence naming the field instead of valibot's wording. A missing field answers what the
 * field's schema says of a missing value when it says something of its own ("Please input your
 * first name!"), else that the field is required.
 *
 * @example
 * readableMessage(issue, SignUpInputSchema); // 'Please input your first name!' for a body without it
 * readableMessage(issue); // 'consultantId must be text' for `{ "consultantId": 5 }`
 */
export function readableMessage(issue: Issue, root?: v.GenericSchema): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const path = pathOf(issue);
  const label = fieldPathOf(issue) || 'The request body';
  if (!isMissingKey(issue)) return plainMessage(issue, label);
  const field = root && fieldSchema(root as AnySchema, path);
  const own = field ? v.safeParse(field, undefined).issues?.[0]?.message : undefined;
  return own && !DEFAULT_MESSAGE.test(own) ? own : `${label} is required`;
}
