import * as v from 'valibot';
import { RealtimeErrorMessageSchema } from './realtime.ts';

/**
 * Slot holds (rule 20): while a booker has a slot selected in the booking modal, every other open
 * booking modal for that consultant shows it as being booked. A hold is advisory — the database's
 * guarantee (one meeting per slot) stays the judge, and the API never reads holds. Holds travel
 * over a realtime room per consultant, `slots-{consultantId}`, which anyone may watch (a partner
 * page's modal may be signed out), so a holder names itself with a random id per modal, not an
 * account.
 */

/** The room prefix of a consultant's slot holds. */
export const SLOT_HOLDS_ROOM_PREFIX = 'slots-';

/** The limits of a room: how long a hold lives without a refresh, and how many one booker may hold. */
export const SLOT_HOLDS = {
  /** A hold not refreshed for this long ends (the modal refreshes while its booker is active). */
  idleMs: 5 * 60_000,
  /** How often an open modal with an active booker refreshes its hold. */
  refreshMs: 60_000,
  /** Holds one socket may keep at once (one per modal; a page may show a few modals). */
  maxPerConnection: 3,
  /** Holds one network address may keep at once in a room, over all its sockets. */
  maxPerAddress: 6,
  /** Hold changes (a new or moved hold, a release) one socket may make in one second. */
  maxChangesPerSecond: 10,
  /** Largest frame a slot-holds socket may send. */
  maxFrameChars: 1024,
} as const;

/**
 * The slot-holds room of one consultant.
 *
 * @example
 * slotHoldsRoomId('c1'); // 'slots-c1'
 */
export function slotHoldsRoomId(consultantId: string): string {
  return `${SLOT_HOLDS_ROOM_PREFIX}${consultantId}`;
}

/**
 * The consultant id of a slot-holds room name; null for any other name. Ids are what the API
 * generates (letters, digits, `-` and `_`, at most 200 characters).
 *
 * @example
 * parseSlotHoldsRoomId('slots-c1'); // 'c1'
 * parseSlotHoldsRoomId('chat-c1'); // null
 */
export function parseSlotHoldsRoomId(room: string): string | null {
  if (!room.startsWith(SLOT_HOLDS_ROOM_PREFIX)) return null;
  const id = room.slice(SLOT_HOLDS_ROOM_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : null;
}

/** A modal's random id (e.g. `crypto.randomUUID()`). */
const HolderIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid holder id'));
const instant = v.pipe(v.string(), v.isoTimestamp());

/** One slot being booked: its bounds (UTC instants, as slots are sent) and the modal holding it. */
export const SlotHoldSchema = v.pipe(
  v.object({ holderId: HolderIdSchema, start: instant, end: instant }),
  v.check((hold) => Date.parse(hold.start) < Date.parse(hold.end), 'A slot ends after it starts'),
);
export type SlotHold = v.InferOutput<typeof SlotHoldSchema>;

// ---- client → room ----

/**
 * Hold a slot for this modal (replacing the modal's previous hold), or refresh it when it is the
 * same slot.
 */
export const HoldSlotFrameSchema = v.strictObject({
  type: v.literal('hold'),
  holderId: HolderIdSchema,
  start: instant,
  end: instant,
});

/** The modal's selection changed, it closed, or the meeting was booked. */
export const ReleaseSlotFrameSchema = v.strictObject({
  type: v.literal('release'),
  holderId: HolderIdSchema,
});

/** Every frame a slot-holds socket may send. */
export const SlotHoldsClientFrameSchema = v.variant('type', [
  HoldSlotFrameSchema,
  ReleaseSlotFrameSchema,
]);
export type SlotHoldsClientFrame = v.InferOutput<typeof SlotHoldsClientFrameSchema>;

// ---- room → client ----

/** The room's whole hold set, sent on connect and after every change. */
export const SlotHoldsFrameSchema = v.object({
  type: v.literal('holds'),
  holds: v.pipe(v.array(SlotHoldSchema), v.maxLength(500)),
});
export type SlotHoldsFrame = v.InferOutput<typeof SlotHoldsFrameSchema>;

/** Every frame a slot-holds room may send. */
export const SlotHoldsServerFrameSchema = v.variant('type', [
  SlotHoldsFrameSchema,
  // A refused frame (`code` is an ERROR_CODES key); the socket stays open.
  RealtimeErrorMessageSchema,
]);
export type SlotHoldsServerFrame = v.InferOutput<typeof SlotHoldsServerFrameSchema>;

/**
 * Whether `slot` overlaps a hold of another modal than `holderId` (slots of several lengths
 * overlap).
 *
 * @example
 * isHeldByOther({ start: a, end: b }, holds, myHolderId); // true: show it as being booked
 */
export function isHeldByOther(
  slot: { start: string; end: string },
  holds: readonly SlotHold[],
  holderId: string,
): boolean {
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  return holds.some(
    (hold) =>
      hold.holderId !== holderId && Date.parse(hold.start) < end && start < Date.parse(hold.end),
  );
}
