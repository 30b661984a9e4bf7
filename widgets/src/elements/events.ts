import type {
  AuthUser,
  ChatMessage,
  Notification,
  Promotion,
  PublicProfile,
  Session,
} from '@fm/sdk/contracts';
import type { WidgetError } from '../widget-error.ts';

/**
 * The version of every event's `detail` below. It follows the loader's URL (`/widgets/v1/…`):
 * within v1 a detail only gains optional fields; a change that removes or renames one is v2, at
 * a new URL, while v1 keeps being served.
 */
export const FM_EVENT_DETAIL_VERSION = 1;

/**
 * Every DOM event the elements emit, by name, with its `detail` (v1). All bubble and are
 * composed: a listener on the element, the document or any ancestor hears them.
 */
export interface FmEventDetailMap {
  /** A meeting was booked (`<fm-booking-modal>`): the meeting as the API stored it. */
  'fm-booked': Session;
  /** Something failed: the API's message, code and HTTP status (0: the API was not reached). */
  'fm-error': WidgetError;
  /** The booking modal closed (CANCEL, Escape, the close button, Done). */
  'fm-close': null;
  /** A card of a list was chosen: the consultant's or franchisor's user id. */
  'fm-select': string;
  /** `<fm-profile-card>` loaded its profile; `<fm-promotions>` its promotions. */
  'fm-loaded': PublicProfile | readonly Promotion[];
  /** The visitor signed in through the embed's popup (rule 18). */
  'fm-signed-in': { user: AuthUser };
  /** The visitor signed out from an element; the credentials are forgotten. */
  'fm-signed-out': null;
  /** `<fm-chat>` stored a message the visitor sent. */
  'fm-message-sent': ChatMessage;
  /** `<fm-notifications>`: the unread count changed. */
  'fm-unread-count': { count: number };
  /** `<fm-notifications>`: a notification was opened (before the browser follows its link). */
  'fm-notification-open': Notification;
}

/** The name of an event the elements emit. */
export type FmEventType = keyof FmEventDetailMap;

/** The event object of `name`, as a listener receives it. */
export type FmEvent<K extends FmEventType> = CustomEvent<FmEventDetailMap[K]>;

declare global {
  interface HTMLElementEventMap {
    'fm-booked': FmEvent<'fm-booked'>;
    'fm-error': FmEvent<'fm-error'>;
    'fm-close': FmEvent<'fm-close'>;
    'fm-select': FmEvent<'fm-select'>;
    'fm-loaded': FmEvent<'fm-loaded'>;
    'fm-signed-in': FmEvent<'fm-signed-in'>;
    'fm-signed-out': FmEvent<'fm-signed-out'>;
    'fm-message-sent': FmEvent<'fm-message-sent'>;
    'fm-unread-count': FmEvent<'fm-unread-count'>;
    'fm-notification-open': FmEvent<'fm-notification-open'>;
  }
}
