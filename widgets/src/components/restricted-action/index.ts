/** The restricted-action modal, the Start Booking Calls banner and the dialog frame they share. */
export {
  ActionNotAvailableContent,
  type ActionNotAvailableContentProps,
  ActionNotAvailableDialog,
  type ActionNotAvailableDialogProps,
} from './action-not-available.tsx';
export { activeElementOf, deepActiveElement, tabbables } from './focus.ts';
export { ModalFrame, type ModalFrameProps } from './modal-frame.tsx';
export { RESTRICTED_ACTION_TEXT } from './restricted-action-text.ts';
export {
  StartBookingCallsBanner,
  type StartBookingCallsBannerProps,
} from './start-booking-calls-banner.tsx';
export {
  hasActiveSubscription,
  type SubscriptionPromptInput,
  type SubscriptionPrompts,
  subscriptionPrompts,
} from './subscription-rules.ts';
