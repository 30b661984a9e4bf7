import { ADMIN_UI } from '../admin-toasts.ts';

/**
 * A status filter's options: 'All' (no filter) then each value, capitalised.
 *
 * @example
 * statusOptions(['active', 'inactive']); // [{value:'',label:'All'},{value:'active',label:'Active'},…]
 */
export function statusOptions(
  values: readonly string[],
  labels: Readonly<Record<string, string>> = {},
  { all = true }: { all?: boolean } = {},
) {
  const options = values.map((value) => ({
    value,
    label: labels[value] ?? value.charAt(0).toUpperCase() + value.slice(1),
  }));
  return all ? [{ value: '', label: ADMIN_UI.all }, ...options] : options;
}
