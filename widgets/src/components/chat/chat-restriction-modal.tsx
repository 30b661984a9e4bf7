import type { MouseEvent } from 'react';
import { ActionNotAvailableContent } from '../restricted-action/action-not-available.tsx';
import { ModalFrame } from '../restricted-action/modal-frame.tsx';
import { RESTRICTED_ACTION_TEXT } from '../restricted-action/restricted-action-text.ts';
import type { ChatRestriction } from './chat-ports.ts';

export interface ChatRestrictionModalProps {
  restriction: ChatRestriction;
  titleId: string;
  activateHref: string;
  onActivate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onClose: () => void;
}

/**
 * The Action Not Available modal of a refused chat action (rule 11); its styles come with the
 * chat's. Loaded when an action is first refused (`ChatView`): a chat that is never refused
 * downloads none of its code.
 *
 * @example
 * <ChatRestrictionModal restriction="SUBSCRIPTION_REQUIRED" titleId={id} activateHref="/my-profile/subscription" onClose={close} />
 */
export function ChatRestrictionModal({
  restriction,
  titleId,
  activateHref,
  onActivate,
  onClose,
}: ChatRestrictionModalProps) {
  return (
    <ModalFrame
      labelledBy={titleId}
      describedBy={`${titleId}-text`}
      onClose={onClose}
      className="fm-modal__panel--small"
    >
      <ActionNotAvailableContent
        titleId={titleId}
        activateHref={activateHref}
        onActivate={onActivate}
        onClose={onClose}
        message={
          restriction === 'SUBSCRIPTION_REQUIRED'
            ? RESTRICTED_ACTION_TEXT.subscriptionRequired
            : RESTRICTED_ACTION_TEXT.body
        }
      />
    </ModalFrame>
  );
}
