import { ApiError, isApiError } from '@fm/sdk';
import {
  type CashRequiredMode,
  COMMISSION_KINDS,
  type CommissionKind,
  MINUTES_PER_RATE_UNIT,
} from '@fm/sdk/contracts';
import type { FieldValue } from '@fm/widgets/kit';

/**
 * A stored value as a form shows it: numbers and texts as text, nothing as ''.
 *
 * @example
 * ```ts
 * formText(250000); // '250000'
 * formText(null); // ''
 * ```
 */
export function formText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The raw values of the changed fields, for a patch that sends only what changed (the contract
 * schemas parse text such as '250000' and turn '' into null, clearing the value).
 *
 * @example
 * ```ts
 * changedValues({ a: '1', b: '2' }, ['b']); // { b: '2' }
 * ```
 */
export function changedValues(
  values: Readonly<Record<string, FieldValue>>,
  changed: readonly string[],
  only?: readonly string[],
): Record<string, FieldValue> {
  const keep = only ? changed.filter((name) => only.includes(name)) : changed;
  return Object.fromEntries(keep.map((name) => [name, values[name] as FieldValue]));
}

/**
 * The cash-required mode a stored range reads as (user-area §5): less = 0 up to a maximum,
 * more = a minimum and no maximum, otherwise a range.
 *
 * @example
 * ```ts
 * cashModeOf(0, 50000); // 'less'
 * cashModeOf(100000, null); // 'more'
 * ```
 */
export function cashModeOf(min: number | null, max: number | null): CashRequiredMode {
  if (min === 0 && max !== null) return 'less';
  if (min !== null && max === null) return 'more';
  return 'range';
}

/**
 * The cash-required part of a franchise patch: the mode with the amounts it uses. Less sends only
 * the maximum (the server keeps the minimum at 0), more only the minimum (no maximum).
 *
 * @example
 * ```ts
 * cashPatch('less', '10', '50000'); // { cashRequiredMode: 'less', cashRequiredMax: '50000' }
 * ```
 */
export function cashPatch(
  mode: CashRequiredMode,
  min: string,
  max: string,
): {
  cashRequiredMode: CashRequiredMode;
  cashRequiredMin?: string;
  cashRequiredMax?: string;
} {
  if (mode === 'less') return { cashRequiredMode: mode, cashRequiredMax: max };
  if (mode === 'more') return { cashRequiredMode: mode, cashRequiredMin: min };
  return { cashRequiredMode: mode, cashRequiredMin: min, cashRequiredMax: max };
}

/** The form field name of a commission: `commissions.singleUnit`, `internationalCommissions.resale`. */
export type CommissionScope = 'commissions' | 'internationalCommissions';
export const commissionField = (scope: CommissionScope, kind: CommissionKind) =>
  `${scope}.${kind}` as const;

/**
 * The changed commission fields as the franchise patch nests them.
 *
 * @example
 * ```ts
 * commissionsPatch({ 'commissions.resale': '500' }, ['commissions.resale']); // { commissions: { resale: '500' } }
 * ```
 */
export function commissionsPatch(
  values: Readonly<Record<string, FieldValue>>,
  changed: readonly string[],
): Partial<Record<CommissionScope, Partial<Record<CommissionKind, string>>>> {
  const patch: Partial<Record<CommissionScope, Partial<Record<CommissionKind, string>>>> = {};
  for (const scope of ['commissions', 'internationalCommissions'] as const) {
    for (const kind of COMMISSION_KINDS) {
      const name = commissionField(scope, kind);
      if (!changed.includes(name)) continue;
      patch[scope] = { ...patch[scope], [kind]: String(values[name] ?? '') };
    }
  }
  return patch;
}

/**
 * The same failure with the server's field names as the form knows them: franchise fields come
 * back as `franchise.minNetWorth`, the form calls them `minNetWorth`.
 *
 * @example
 * ```ts
 * throw withFormFieldNames(error, 'franchise.');
 * ```
 */
export function withFormFieldNames(error: unknown, prefix: string): unknown {
  if (!isApiError(error) || !error.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, message]) => [
      field.startsWith(prefix) ? field.slice(prefix.length) : field,
      message,
    ]),
  );
  return new ApiError({
    operation: error.operation,
    status: error.status,
    code: error.code,
    serverMessage: error.serverMessage,
    message: error.message,
    errors,
  });
}

/**
 * What a meeting of `durationMinutes` costs at `rate` dollars per 15 minutes (user-area §1):
 * floor(duration / 15) × rate.
 *
 * @example
 * ```ts
 * meetingCost(60, 50); // 200
 * meetingCost(50, 50); // 150
 * ```
 */
export function meetingCost(durationMinutes: number, rate: number): number {
  return Math.floor(durationMinutes / MINUTES_PER_RATE_UNIT) * rate;
}
