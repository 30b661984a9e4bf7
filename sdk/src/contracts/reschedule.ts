import * as v from 'valibot';
import { InstantSchema } from './booking.ts';

/**
 * Rescheduling (rule 20): one side of a future meeting proposes one to three new start times (same
 * duration), the other side accepts one or declines. One open proposal per meeting, at most
 * {@link MAX_RESCHEDULES} moves, never once the meeting room has opened.
 */

/** How many start times one proposal may offer. */
export const MAX_PROPOSED_STARTS = 3;
/** How many times one meeting may be moved. */
export const MAX_RESCHEDULES = 3;

export const RESCHEDULE_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];

/** The messages of a refused proposal or answer (the server's `RULE_VIOLATION` / `CONFLICT` texts). */
export const RESCHEDULE_RULES = {
  startsCount: `Choose one to ${MAX_PROPOSED_STARTS} new times`,
  startsDistinct: 'Choose different times',
  onlyFuture: 'Only an upcoming meeting can be rescheduled',
  roomOpened: 'The meeting room has opened: this meeting can no longer be rescheduled',
  limitReached: `This meeting has been rescheduled ${MAX_RESCHEDULES} times already`,
  notOpen: 'This proposal has been answered already',
  ownProposal: 'The other side answers this proposal',
  notProposed: 'Choose one of the proposed times',
  sameTime: 'Choose a time other than the current one',
} as const;

/** `POST /api/session/{id}/reschedule-requests`: the proposed starts (ISO instants). */
export const RescheduleProposalInputSchema = v.strictObject({
  starts: v.pipe(
    v.array(InstantSchema),
    v.minLength(1, RESCHEDULE_RULES.startsCount),
    v.maxLength(MAX_PROPOSED_STARTS, RESCHEDULE_RULES.startsCount),
    v.check(
      (starts) => new Set(starts.map((s) => Date.parse(s))).size === starts.length,
      RESCHEDULE_RULES.startsDistinct,
    ),
  ),
});
export type RescheduleProposalInput = v.InferInput<typeof RescheduleProposalInputSchema>;

/** `POST /api/session/{id}/reschedule-requests/{requestId}/accept`: the chosen start. */
export const RescheduleAcceptInputSchema = v.strictObject({ start: InstantSchema });
export type RescheduleAcceptInput = v.InferInput<typeof RescheduleAcceptInputSchema>;

/** One proposal, as both sides and the admin see it. */
export const RescheduleRequestSchema = v.object({
  id: v.string(),
  meetingId: v.nullable(v.string()),
  proposedById: v.string(),
  /** Which side proposed. */
  proposedBy: v.picklist(['consultant', 'franchisor']),
  starts: v.array(v.string()),
  status: v.picklist(RESCHEDULE_STATUSES),
  acceptedStart: v.nullable(v.string()),
  /** When the other side answered. */
  decidedAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type RescheduleRequest = v.InferOutput<typeof RescheduleRequestSchema>;

/** `GET /api/session/{id}/reschedule-requests`: the meeting's proposals, newest first. */
export const RescheduleHistorySchema = v.object({
  data: v.array(RescheduleRequestSchema),
  /** Moves made so far (rule 20: at most {@link MAX_RESCHEDULES}). */
  rescheduleCount: v.number(),
  /** Whether a new proposal may be made now (future, room not open, under the limit, none open). */
  canPropose: v.boolean(),
});
export type RescheduleHistory = v.InferOutput<typeof RescheduleHistorySchema>;

/** Notification types written by rescheduling (the `notification.type` column). */
export const RESCHEDULE_NOTIFICATION_TYPES = {
  rescheduleProposed: 'reschedule_proposed',
  rescheduleAccepted: 'meeting_rescheduled',
  rescheduleDeclined: 'reschedule_declined',
} as const;

/** The SDK's prefixes of service errors (`'{operation}: {message}'`). */
export const RESCHEDULE_OPERATIONS = {
  fetchReschedules: 'Error fetching reschedule proposals',
  proposeReschedule: 'Error proposing new times',
  acceptReschedule: 'Error accepting the new time',
  declineReschedule: 'Error declining the new times',
  proposeLateReschedule: 'Error proposing new times',
  fetchLateReschedules: 'Error fetching proposed times',
  acceptLateReschedule: 'Error accepting the new time',
  declineLateReschedule: 'Error declining the new times',
} as const;

/** What the reschedule dialog and the proposal panel say. */
export const RESCHEDULE_TEXT = {
  action: 'Reschedule',
  dialogTitle: 'Propose new times',
  dialogHint: `Choose up to ${MAX_PROPOSED_STARTS} new start times. The other side accepts one or declines.`,
  day: 'Day',
  loadingSlots: 'Loading open times…',
  slotsLabel: 'Open times',
  noSlots: 'No open times on this day',
  noneChosen: 'No time chosen yet.',
  chosen: 'Proposed times',
  remove: 'Remove',
  send: 'Send proposal',
  cancel: 'Cancel',
  openTitle: 'New times proposed',
  waiting: 'Waiting for the other side to answer.',
  accept: 'Accept',
  decline: 'Decline',
  history: 'Reschedule history',
  noHistory: 'This meeting has not been rescheduled.',
  proposed: 'Proposal sent',
  accepted: 'The meeting has been moved',
  declined: 'The proposal has been declined',
  acceptFailed: 'The meeting could not be moved',
  declineFailed: 'The proposal could not be declined',
  statusLabels: {
    open: 'Open',
    accepted: 'Accepted',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
  } satisfies Record<RescheduleStatus, string>,
  proposedBy: { consultant: 'Consultant', franchisor: 'Franchisor' },
} as const;

/**
 * A late cancellation's "reschedule" (admin-panel: "A cancellation within 24 hours is at the
 * consultant's discretion: reschedule or charge"): the consultant proposes one to three starts of
 * the cancelled meeting's length from its own availability; the franchisor accepts one (a new
 * meeting that carries the payment and its hold) or declines (the consultant decides again:
 * charge, or propose other times).
 */
export const LATE_RESCHEDULE_RULES = {
  noBooking:
    'This cancellation was booked before it could be rescheduled: charge it or let it go instead',
  settled: 'This cancellation has been settled already',
  openExists: 'New times have been proposed already: wait for the franchisor’s answer',
} as const;

/** An open proposal after a late cancellation, as the franchisor sees it. */
export const LateRescheduleSchema = v.object({
  paymentId: v.string(),
  request: RescheduleRequestSchema,
  consultant: v.object({ id: v.string(), name: v.string() }),
  durationMinutes: v.number(),
  /** The booked amount, dollars (what the new meeting costs). */
  amount: v.number(),
  /** When the cancelled meeting was to start. */
  cancelledStart: v.nullable(v.string()),
});
export type LateReschedule = v.InferOutput<typeof LateRescheduleSchema>;

/** `GET /api/users/late-cancellations/reschedule-requests`: the franchisor's open ones. */
export const LateRescheduleListSchema = v.object({ data: v.array(LateRescheduleSchema) });
export type LateRescheduleList = v.InferOutput<typeof LateRescheduleListSchema>;

/** Notification types of a late cancellation's reschedule (the `notification.type` column). */
export const LATE_RESCHEDULE_NOTIFICATION_TYPES = {
  proposed: 'late_reschedule_proposed',
  declined: 'late_reschedule_declined',
} as const;
