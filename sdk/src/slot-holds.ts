import {
  SLOT_HOLDS,
  type SlotHold,
  type SlotHoldsClientFrame,
  type SlotHoldsServerFrame,
  SlotHoldsServerFrameSchema,
  slotHoldsRoomId,
} from './contracts/index.ts';
import {
  listenerSet,
  openRoomSocket,
  type PublicRoomClient,
  type WebSocketConstructor,
} from './room-socket.ts';

/** A slot as a hold names it: its bounds, as the API sends slots. */
export interface HeldSlot {
  start: string;
  end: string;
}

/**
 * Options of {@link watchSlotHolds}.
 *
 * @example
 * const options: WatchSlotHoldsOptions = { client: { config: () => fetchConfig(api.http) }, consultantId };
 */
export interface WatchSlotHoldsOptions {
  /** Where the rooms are: `config()` answers `GET /api/config` (no sign-in needed). */
  client: PublicRoomClient;
  consultantId: string;
  /** The rooms' origin; read from `config()` when absent. */
  partyUrl?: string | undefined;
  /** This modal's id; a fresh random one by default. */
  holderId?: string | undefined;
  /**
   * Whether the booker is still there: the held slot is refreshed every `SLOT_HOLDS.refreshMs`
   * while this answers true, so an idle booker's hold ends after `SLOT_HOLDS.idleMs`. Always
   * true by default.
   */
  active?: (() => boolean) | undefined;
  WebSocket?: WebSocketConstructor | undefined;
  /** Where refusals and dropped frames are reported (`console` by default). */
  logger?: Pick<Console, 'warn'> | undefined;
}

/**
 * One booking modal's view of a consultant's slot holds (rule 20).
 *
 * @example
 * const holds = watchSlotHolds({ client, consultantId });
 * holds.subscribe((all) => render(all.filter((h) => h.holderId !== holds.holderId)));
 * holds.hold(slot); // later: holds.release(); holds.close();
 */
export interface SlotHoldsWatch {
  /** This modal's holder id: the holds with it are its own. */
  readonly holderId: string;
  /** The room's holds as last told (everyone's, this modal's included). */
  current(): readonly SlotHold[];
  /** Calls `listener` with every new hold set; returns the unsubscribe function. */
  subscribe(listener: (holds: readonly SlotHold[]) => void): () => void;
  /** Holds `slot` for this modal (replacing its previous hold); kept across reconnects. */
  hold(slot: HeldSlot): void;
  /** Ends this modal's hold (selection cleared, meeting booked). */
  release(): void;
  /** Ends the hold and leaves the room for good. */
  close(): void;
}

/** A random holder id; `getRandomValues` works on plain-http partner pages too (`randomUUID` does not). */
const randomHolderId = () =>
  `h-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Watches a consultant's slot holds and holds this modal's selected slot (rule 20): a socket to
 * `slots-{consultantId}` that anyone may open (no sign-in, no ticket), reconnecting forever one
 * second apart (user-area §7); every frame is validated against the contract. The hold is sent again after a
 * reconnect (the room forgets a closed socket's holds) and refreshed while the booker is active.
 * Advisory only: booking still succeeds or fails on the API's answer alone.
 *
 * @example
 * ```ts
 * import { fetchConfig, watchSlotHolds } from '@fm/sdk/embed';
 * const holds = watchSlotHolds({ client: { config: () => fetchConfig(api.http) }, consultantId });
 * holds.subscribe((all) => console.log(all.length, 'slots being booked'));
 * ```
 */
export function watchSlotHolds(options: WatchSlotHoldsOptions): SlotHoldsWatch {
  const holderId = options.holderId ?? randomHolderId();
  const logger = options.logger ?? console;
  const sets = listenerSet<readonly SlotHold[]>();
  let holds: readonly SlotHold[] = [];
  let held: HeldSlot | null = null;
  let closed = false;

  const send = (frame: SlotHoldsClientFrame) => {
    const socket = live.socket();
    // Not open yet: the hold goes out when it opens.
    if (socket?.readyState === 1) socket.send(JSON.stringify(frame));
  };
  const sendHold = () => {
    if (held) send({ type: 'hold', holderId, ...held });
  };
  const refresh = setInterval(() => {
    if (options.active?.() ?? true) sendHold();
  }, SLOT_HOLDS.refreshMs);

  // The same socket as every other room (PartySocket through openRoomSocket), opened without a
  // ticket: a public room needs none.
  const live = openRoomSocket<SlotHoldsServerFrame>({
    client: options.client,
    room: slotHoldsRoomId(options.consultantId),
    partyUrl: options.partyUrl,
    WebSocket: options.WebSocket,
    logger,
    label: '[slot-holds]',
    schema: SlotHoldsServerFrameSchema,
    warnOfTransport: false,
    ended: () => closed,
    ticketFailed: () => undefined,
    frame(frame) {
      if (frame.type === 'error') {
        logger.warn(`[slot-holds] ${frame.code}: ${frame.message}`);
        return;
      }
      holds = frame.holds;
      sets.emit(holds);
    },
    // The room forgets a closed socket's holds: every (re)connect sends the hold again.
    opened: sendHold,
    closed: () => undefined,
  });

  return {
    holderId,
    current: () => holds,
    subscribe: sets.add,
    hold(slot) {
      if (held?.start === slot.start && held.end === slot.end) return;
      held = { start: slot.start, end: slot.end };
      sendHold();
    },
    release() {
      if (!held) return;
      held = null;
      send({ type: 'release', holderId });
    },
    close() {
      if (closed) return;
      this.release();
      closed = true;
      clearInterval(refresh);
      live.socket()?.close();
    },
  };
}
