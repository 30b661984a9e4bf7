/** The tone a status is drawn in. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

const TONES: Record<string, StatusTone> = {
  active: 'success',
  activated: 'success',
  approved: 'success',
  completed: 'success',
  finished: 'success',
  paid: 'success',
  running: 'success',
  trialing: 'info',
  future: 'info',
  pending: 'warning',
  paused: 'neutral',
  hidden: 'neutral',
  inactive: 'neutral',
  unsubscribed: 'neutral',
  unpaid: 'warning',
  canceled: 'danger',
  declined: 'danger',
  rejected: 'danger',
  deactivated: 'danger',
  deleted: 'danger',
};

/**
 * The tone of a status word (case-insensitive); unknown words are neutral.
 *
 * @example
 * ```ts
 * statusTone('Deactivated'); // 'danger'
 * ```
 */
export function statusTone(status: string): StatusTone {
  return TONES[status.toLowerCase()] ?? 'neutral';
}

/**
 * A status as a coloured pill with its word (colour is never the only signal).
 *
 * @example
 * ```tsx
 * <StatusLabel status="Activated" />
 * <StatusLabel status="pending" label="Pending" />
 * ```
 */
export function StatusLabel({ status, label }: { status: string; label?: string }) {
  const text = label ?? status.charAt(0).toUpperCase() + status.slice(1);
  return <span className={`kit-status kit-status--${statusTone(status)}`}>{text}</span>;
}
