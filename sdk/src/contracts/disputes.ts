import * as v from 'valibot';
import { AdminPaymentListQuerySchema } from './admin.ts';
import { PresenceSummarySchema } from './meeting-room.ts';

/**
 * Disputes of charged meetings (rule 20): a franchisor opens one within
 * {@link DISPUTE_WINDOW_DAYS} days of the charge, the consultant replies, an admin rejects it or
 * refunds all or part of the charge.
 */

/** How long after the charge a franchisor may dispute it. */
export const DISPUTE_WINDOW_DAYS = 14;
/** The longest dispute text or reply. */
export const DISPUTE_TEXT_MAX = 2000;

/** Why a franchisor disputes a charge: the form's picklist. */
export const DISPUTE_REASONS = [
  'did_not_take_place',
  'ended_early',
  'not_as_described',
  'charged_wrong_amount',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  did_not_take_place: 'The meeting did not take place',
  ended_early: 'The meeting ended early',
  not_as_described: 'The meeting was not as described',
  charged_wrong_amount: 'The amount charged is wrong',
  other: 'Other',
};

export const DISPUTE_STATUSES = ['open', 'rejected', 'refunded', 'partially_refunded'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  rejected: 'Rejected',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

const disputeText = (required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(DISPUTE_TEXT_MAX, `Please keep it under ${DISPUTE_TEXT_MAX} characters`),
  );

/** `POST /api/session/{id}/dispute`: the franchisor's reason and account of what went wrong. */
export const OpenDisputeInputSchema = v.strictObject({
  reason: v.picklist(DISPUTE_REASONS, 'Please choose a reason'),
  text: disputeText('Please describe what went wrong'),
});
export type OpenDisputeInput = v.InferInput<typeof OpenDisputeInputSchema>;

/** `POST /api/session/{id}/dispute/replies`: the consultant's answer or the franchisor's follow-up. */
export const DisputeReplyInputSchema = v.strictObject({
  body: disputeText('Please write a reply'),
});
export type DisputeReplyInput = v.InferInput<typeof DisputeReplyInputSchema>;

export const DisputeMessageSchema = v.object({
  id: v.string(),
  authorId: v.string(),
  authorName: v.string(),
  /** Which side wrote it. */
  authorRole: v.picklist(['franchisor', 'consultant', 'admin']),
  body: v.string(),
  createdAt: v.string(),
});
export type DisputeMessage = v.InferOutput<typeof DisputeMessageSchema>;

/** A dispute as both sides and the admin see it. Money in cents. */
export const DisputeSchema = v.object({
  id: v.string(),
  meetingId: v.nullable(v.string()),
  paymentId: v.string(),
  franchisorId: v.string(),
  consultantId: v.string(),
  reason: v.picklist(DISPUTE_REASONS),
  text: v.string(),
  status: v.picklist(DISPUTE_STATUSES),
  /** What the meeting was charged. */
  chargedCents: v.number(),
  /** What the decision gave back (0 while open or when rejected). */
  refundCents: v.number(),
  decisionNote: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  createdAt: v.string(),
  messages: v.array(DisputeMessageSchema),
});
export type Dispute = v.InferOutput<typeof DisputeSchema>;

/**
 * `GET /api/session/{id}/dispute`: the meeting's dispute, if any, and whether its franchisor may
 * still open one (charged, not disputed, within the window) and until when.
 */
export const MeetingDisputeSchema = v.object({
  dispute: v.nullable(DisputeSchema),
  canOpen: v.boolean(),
  openUntil: v.nullable(v.string()),
});
export type MeetingDispute = v.InferOutput<typeof MeetingDisputeSchema>;

// --- Admin -------------------------------------------------------------------------------------

const { status: _status, paid: _paid, ...listEntries } = AdminPaymentListQuerySchema.entries;

/** `GET admin/disputes?status&search&startDate&endDate&page&limit`: newest first; dates are the opening's. */
export const AdminDisputeListQuerySchema = v.object({
  ...listEntries,
  status: v.optional(v.picklist(DISPUTE_STATUSES, 'Please choose a status')),
});
export type AdminDisputeListQuery = v.InferInput<typeof AdminDisputeListQuerySchema>;
/** `GET admin/disputes/download`: the list's filters, every row. */
export const AdminDisputesDownloadQuerySchema = v.omit(AdminDisputeListQuerySchema, [
  'page',
  'limit',
]);
export type AdminDisputesDownloadQuery = v.InferInput<typeof AdminDisputesDownloadQuerySchema>;

const person = v.object({ id: v.string(), firstName: v.string(), lastName: v.string() });

export const AdminDisputeRowSchema = v.object({
  id: v.string(),
  meetingId: v.nullable(v.string()),
  status: v.picklist(DISPUTE_STATUSES),
  reason: v.picklist(DISPUTE_REASONS),
  franchise: v.nullable(v.object({ id: v.string(), company: v.string() })),
  franchisor: person,
  consultant: person,
  chargedCents: v.number(),
  refundCents: v.number(),
  chargedAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type AdminDisputeRow = v.InferOutput<typeof AdminDisputeRowSchema>;
export const AdminDisputeListSchema = v.object({
  disputes: v.array(AdminDisputeRowSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type AdminDisputeList = v.InferOutput<typeof AdminDisputeListSchema>;

export const DISPUTE_TIMELINE_KINDS = [
  'booked',
  'reschedule',
  'presence',
  'message',
  'charge',
  'refund',
  'dispute',
  'reply',
  'decision',
] as const;
export type DisputeTimelineKind = (typeof DISPUTE_TIMELINE_KINDS)[number];

/** One event of the meeting's life, oldest first on the dispute page. */
export const DisputeTimelineEventSchema = v.object({
  at: v.string(),
  kind: v.picklist(DISPUTE_TIMELINE_KINDS),
  /** Who did it, by name, when someone did. */
  actor: v.nullable(v.string()),
  text: v.string(),
});
export type DisputeTimelineEvent = v.InferOutput<typeof DisputeTimelineEventSchema>;

/** `GET admin/disputes/{id}`: the dispute, its meeting's whole life and the presence log. */
export const AdminDisputeDetailSchema = v.object({
  ...AdminDisputeRowSchema.entries,
  text: v.string(),
  decisionNote: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  meetingStart: v.nullable(v.string()),
  timeline: v.array(DisputeTimelineEventSchema),
  presence: v.nullable(PresenceSummarySchema),
});
export type AdminDisputeDetail = v.InferOutput<typeof AdminDisputeDetailSchema>;

export const DISPUTE_DECISIONS = ['reject', 'full_refund', 'partial_refund'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const DISPUTE_DECISION_LABELS: Record<DisputeDecision, string> = {
  reject: 'Reject',
  full_refund: 'Full refund',
  partial_refund: 'Partial refund',
};

/**
 * `POST admin/disputes/{id}/decision`: reject, refund in full, or refund `refundCents` (more than
 * 0 and less than the charge; the server checks the upper bound).
 */
export const AdminDisputeDecisionInputSchema = v.pipe(
  v.strictObject({
    decision: v.picklist(DISPUTE_DECISIONS, 'Please choose a decision'),
    refundCents: v.optional(
      v.pipe(
        v.number('Please enter the amount to refund'),
        v.integer('Please enter the amount in whole cents'),
        v.minValue(1, 'Please enter an amount above zero'),
      ),
    ),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DISPUTE_TEXT_MAX))),
  }),
  v.forward(
    v.check(
      (input) => input.decision !== 'partial_refund' || input.refundCents !== undefined,
      'Please enter the amount to refund',
    ),
    ['refundCents'],
  ),
);
export type AdminDisputeDecisionInput = v.InferInput<typeof AdminDisputeDecisionInputSchema>;

/** The dispute CSV's columns (rule 17), in order. */
export const DISPUTE_CSV_COLUMNS = [
  'id',
  'openedAt',
  'status',
  'reason',
  'franchise',
  'franchisor',
  'consultant',
  'charged',
  'refunded',
  'decidedAt',
] as const;

/** What the dispute screens say (portal and admin). */
export const DISPUTE_TEXT = {
  action: 'Dispute this charge',
  dialogTitle: 'Dispute this charge',
  reason: 'Reason',
  text: 'What went wrong',
  submit: 'Send dispute',
  openUntil: 'You can dispute this charge until',
  statusTitle: 'Dispute',
  reply: 'Reply',
  replyPlaceholder: 'Write a reply',
  sendReply: 'Send reply',
  decide: 'Decide',
  refundAmount: 'Amount to refund ($)',
  note: 'Note to both sides (optional)',
  timeline: 'Timeline',
} as const;

/** A dollar amount as typed: whole dollars or with cents (`12`, `12.5`, `12.50`). */
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

/** The admin's decide form as typed (the amount in dollars), checked before it becomes an input. */
export const DisputeDecisionFormSchema = v.pipe(
  v.object({
    decision: v.picklist(DISPUTE_DECISIONS, 'Please choose a decision'),
    refund: v.pipe(v.string(), v.trim()),
    note: v.pipe(v.string(), v.trim(), v.maxLength(DISPUTE_TEXT_MAX)),
  }),
  v.forward(
    v.check(
      (f) => f.decision !== 'partial_refund' || (DOLLARS.test(f.refund) && Number(f.refund) > 0),
      'Please enter the amount to refund, e.g. 25.00',
    ),
    ['refund'],
  ),
);
export type DisputeDecisionForm = v.InferOutput<typeof DisputeDecisionFormSchema>;

/**
 * The decide form's values as the call's input: dollars to whole cents (by the digits, never
 * floating-point arithmetic), no amount unless partial, no empty note.
 * @example decisionFormToInput({ decision: 'partial_refund', refund: '12.5', note: '' }) // { decision, refundCents: 1250 }
 */
export function decisionFormToInput(form: DisputeDecisionForm): AdminDisputeDecisionInput {
  const [whole = '0', fraction = ''] = form.refund.split('.');
  return {
    decision: form.decision,
    ...(form.decision === 'partial_refund'
      ? { refundCents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) }
      : {}),
    ...(form.note ? { note: form.note } : {}),
  };
}
