import { FmBookingModal } from './fm-booking-modal.ts';
import { FmChat } from './fm-chat.ts';
import { FmConsultantList } from './fm-consultant-list.ts';
import { FmFranchisorList } from './fm-franchisor-list.ts';
import { FmNotifications } from './fm-notifications.ts';
import { FmProfileCard } from './fm-profile-card.ts';
import { FmPromotions } from './fm-promotions.ts';

/**
 * Every custom element, eagerly, by tag name (for apps that bundle them). A new widget adds one
 * line here and one in element-tags.ts (the loader's lazy list).
 */
export const FM_ELEMENTS: Readonly<Record<`fm-${string}`, CustomElementConstructor>> = {
  'fm-profile-card': FmProfileCard,
  'fm-consultant-list': FmConsultantList,
  'fm-franchisor-list': FmFranchisorList,
  'fm-booking-modal': FmBookingModal,
  'fm-chat': FmChat,
  'fm-notifications': FmNotifications,
  'fm-promotions': FmPromotions,
};

/**
 * Defines every `fm-*` element that is not defined yet (loading the bundle twice is harmless).
 *
 * @example
 * import { defineFmElements } from '@fm/widgets/elements';
 * defineFmElements();
 */
export function defineFmElements(
  registry: CustomElementRegistry = globalThis.customElements,
): void {
  if (!registry) return;
  for (const [name, element] of Object.entries(FM_ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, element);
  }
}

defineFmElements();

export { parsePageSize, portalUrlFor, signInUrlFor } from './element-attributes.ts';
export { defaultApiBase, type ElementClient } from './element-client.ts';
export type { FmTag } from './element-tags.ts';
export { type EmbedElement, embedFrame } from './embed-element.ts';
export {
  FM_EVENT_DETAIL_VERSION,
  type FmEvent,
  type FmEventDetailMap,
  type FmEventType,
} from './events.ts';
export type { FmBookingModal, FmBookingModalAttributes } from './fm-booking-modal.ts';
export type { FmChatAttributes } from './fm-chat.ts';
export type { FmConsultantListAttributes } from './fm-consultant-list.ts';
export type { FmFranchisorListAttributes } from './fm-franchisor-list.ts';
export type { FmNotificationsAttributes } from './fm-notifications.ts';
export type { FmProfileCardAttributes } from './fm-profile-card.ts';
export type { FmPromotionsAttributes } from './fm-promotions.ts';
export { dispatchFmEvent, type FmEventName, useFmEvents } from './host-events.ts';
