import * as v from 'valibot';
import {
  REALTIME_PARTY,
  REALTIME_RECONNECT_MS,
  SLOT_HOLDS,
  type SlotHold,
  type SlotHoldsClientFrame,
  SlotHoldsServerFrameSchema,
  slotHoldsRoomId,
} from './contracts/index.ts';

/** What {@link watchSlotHolds} needs of the API: only where the rooms are (no sign-in, no ticket). */
export interface SlotHoldsClient {
  config(): Promise<{ partyUrl: string }>;
}

/** A WebSocket constructor (the runtime's own by default: browsers, Node 22+, edge runtimes). */
type SocketConstructor = new (url: string) => WebSocket;

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
  client: SlotHoldsClient;
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
  WebSocket?: SocketConstructor | undefined;
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
  const listeners = new Set<(holds: readonly SlotHold[]) => void>();
  let holds: readonly SlotHold[] = [];
  let held: HeldSlot | null = null;
  let closed = false;
  let socket: WebSocket | null = null;

  const send = (frame: SlotHoldsClientFrame) => {
    // Not open yet: the hold goes out when it opens.
    if (socket?.readyState === 1) socket.send(JSON.stringify(frame));
  };
  const sendHold = () => {
    if (held) send({ type: 'hold', holderId, ...held });
  };
  const refresh = setInterval(() => {
    if (options.active?.() ?? true) sendHold();
  }, SLOT_HOLDS.refreshMs);

  const onMessage = (event: MessageEvent) => {
    let json: unknown;
    try {
      json = typeof event.data === 'string' ? JSON.parse(event.data) : null;
    } catch {
      json = null;
    }
    const parsed = v.safeParse(SlotHoldsServerFrameSchema, json);
    if (!parsed.success) {
      logger.warn('[slot-holds] a frame outside the contract was dropped');
      return;
    }
    const frame = parsed.output;
    if (frame.type === 'error') {
      logger.warn(`[slot-holds] ${frame.code}: ${frame.message}`);
      return;
    }
    holds = frame.holds;
    for (const listener of [...listeners]) listener(holds);
  };

  // A plain socket rather than PartySocket: a signed-out partner page loads this after the modal's
  // first render, and a reconnect one second apart is all it needs (P5, decision 017).
  const open = (url: string) => {
    if (closed) return;
    const Socket = options.WebSocket ?? WebSocket;
    const created = new Socket(url);
    socket = created;
    created.addEventListener('message', onMessage);
    created.addEventListener('open', sendHold);
    created.addEventListener('close', () => {
      if (!closed) setTimeout(() => open(url), REALTIME_RECONNECT_MS);
    });
  };
  const locate = () => {
    const known = options.partyUrl;
    (known ? Promise.resolve({ partyUrl: known }) : options.client.config()).then(
      ({ partyUrl }) => {
        const url = new URL(partyUrl);
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
        url.pathname = `${url.pathname.replace(/\/+$/, '')}/parties/${REALTIME_PARTY}/${slotHoldsRoomId(options.consultantId)}`;
        open(url.href);
      },
      () => {
        if (!closed) setTimeout(locate, REALTIME_RECONNECT_MS);
      },
    );
  };
  locate();

  return {
    holderId,
    current: () => holds,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
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
      socket?.close();
    },
  };
}
