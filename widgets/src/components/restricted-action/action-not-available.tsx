import { UI_TEXT } from '@fm/sdk/contracts';
import { type MouseEvent, useId } from 'react';
import type { WidgetTheme } from '../../theme.ts';
import { ModalFrame } from './modal-frame.tsx';
import { NoticePanel } from './notice-panel.tsx';
import styles from './restricted-action.css?inline';
import { RESTRICTED_ACTION_TEXT } from './restricted-action-text.ts';

const LOCK_ICON =
  'M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z';

export interface ActionNotAvailableContentProps {
  /** The id the title gets (the dialog around is labelled by it). */
  titleId: string;
  /** Where Activate Your Subscription leads: the portal's `/my-profile/subscription`. */
  activateHref: string;
  /** Called instead of following the link when given (e.g. a client-side navigation). */
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onClose: () => void;
  /** Defaults to the spec's "Action Not Available". */
  title?: string | undefined;
  /** Defaults to the spec's text: activate the profile to unlock messaging and bookings. */
  message?: string | undefined;
  /** The secondary button's label. */
  closeLabel?: string | undefined;
}

/**
 * The body of the restricted-action modal (user-area §2): title, text and the Activate Your
 * Subscription button. The booking modal shows it in its own frame when the API answers 403.
 *
 * @example
 * <ActionNotAvailableContent titleId={id} activateHref="/my-profile/subscription" onClose={close} />
 */
export function ActionNotAvailableContent({
  titleId,
  activateHref,
  onActivate,
  onClose,
  title = UI_TEXT.actionNotAvailableTitle,
  message = RESTRICTED_ACTION_TEXT.body,
  closeLabel = RESTRICTED_ACTION_TEXT.close,
}: ActionNotAvailableContentProps) {
  return (
    <NoticePanel
      titleId={titleId}
      title={title}
      text={message}
      textProps={{ id: `${titleId}-text` }}
      icon={{ path: LOCK_ICON }}
    >
      <button type="button" className="fm-btn" onClick={onClose}>
        {closeLabel}
      </button>
      <a className="fm-btn fm-btn--primary" href={activateHref} onClick={onActivate}>
        {UI_TEXT.activateYourSubscription}
      </a>
    </NoticePanel>
  );
}

export interface ActionNotAvailableDialogProps
  extends Omit<ActionNotAvailableContentProps, 'titleId'> {
  /** Whether the modal shows. */
  open: boolean;
  theme?: WidgetTheme | undefined;
}

/**
 * The Action Not Available modal on its own (user-area §2, rule 11): what a user sees when the API
 * answers 403 `SUBSCRIPTION_REQUIRED` or `PROFILE_INACTIVE` to messaging or booking.
 *
 * @example
 * <ActionNotAvailableDialog open={blocked} activateHref="/my-profile/subscription" onClose={() => setBlocked(false)} />
 */
export function ActionNotAvailableDialog({
  open,
  theme = 'light',
  ...content
}: ActionNotAvailableDialogProps) {
  const titleId = useId();
  if (!open) return null;
  return (
    <div className="fm-ui" data-theme={theme}>
      <style>{styles}</style>
      <ModalFrame
        labelledBy={titleId}
        describedBy={`${titleId}-text`}
        onClose={content.onClose}
        className="fm-modal__panel--small"
      >
        <ActionNotAvailableContent titleId={titleId} {...content} />
      </ModalFrame>
    </div>
  );
}
