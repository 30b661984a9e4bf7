/**
 * The payload of a create/edit form: empty texts and empty lists are dropped (admin-panel §5:
 * "Empty (undefined) values are dropped from payloads"); `keep` names fields sent even when empty
 * (an edit that clears a list).
 *
 * @example
 * dropEmpty({ name: 'A', phone: '', tags: [] }); // { name: 'A' }
 */
export function dropEmpty(
  values: Readonly<Record<string, unknown>>,
  keep: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const empty =
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.length === 0);
    if (!empty || keep.includes(key)) out[key] = value;
  }
  return out;
}
