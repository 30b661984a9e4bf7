import { UI_TEXT } from '@fm/sdk/contracts';
import {
  ActionNotAvailableDialog,
  type ChatRestriction,
  RESTRICTED_ACTION_TEXT,
  StartBookingCallsBanner,
  subscriptionPrompts,
} from '@fm/widgets';
import { type MouseEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useOwnProfile } from '../../shared/own-profile.ts';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';

/** Where Activate Your Subscription leads. */
export const SUBSCRIPTION_PATH = `${PATHS.myProfile}/subscription`;

const PROMPTED_KEY = (userId: string) => `fm-subscription-prompted:${userId}`;
const MODAL_KEY = (userId: string) => `fm-subscription-modal:${userId}`;

function readFlag(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) !== null;
  } catch {
    // Without storage every prompt counts as given: nobody is nagged.
    return true;
  }
}

function writeFlag(storage: () => Storage, key: string): void {
  try {
    storage().setItem(key, new Date().toISOString());
  } catch {
    // Storage blocked: nothing to remember.
  }
}

/** A client-side navigation to the subscription page for the Activate buttons. */
export function useActivateLink(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(SUBSCRIPTION_PATH);
  };
}

/**
 * Action Not Available after the server refused a chat (rule 11): with the subscription's text
 * when that is the reason; Activate closes it and opens the subscription page.
 */
export function ChatRestrictionDialog({
  restriction,
  onClose,
}: {
  restriction: ChatRestriction | null;
  onClose: () => void;
}) {
  const activate = useActivateLink();
  return (
    <ActionNotAvailableDialog
      open={restriction !== null}
      message={
        restriction === 'SUBSCRIPTION_REQUIRED'
          ? RESTRICTED_ACTION_TEXT.subscriptionRequired
          : RESTRICTED_ACTION_TEXT.body
      }
      activateHref={SUBSCRIPTION_PATH}
      onActivate={(event) => {
        onClose();
        activate(event);
      }}
      onClose={onClose}
    />
  );
}

/**
 * A franchisor's subscription prompts on the consultants and bookings lists (user-area §2, §4):
 * the Start Booking Calls banner while the subscription is not active or trialing; with no
 * subscription status, a one-time prompt (a toast with the Activate Your Subscription action, so
 * it never blocks the page); with another status, the subscription modal once per browser
 * session. Renders nothing for anyone else.
 *
 * @example
 * <SubscriptionPrompts />
 */
export function SubscriptionPrompts() {
  const session = useSession();
  const { profile } = useOwnProfile();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activate = useActivateLink();
  const userId = session?.user.id ?? '';
  const [modalOpen, setModalOpen] = useState(false);
  const prompts = subscriptionPrompts({
    role: session?.role ?? null,
    known: profile !== null && profile.id === userId,
    status: profile?.franchise?.stripeSubscriptionStatus ?? null,
    inMyProfile: pathname.startsWith(PATHS.myProfile),
    promptedBefore: readFlag(() => window.localStorage, PROMPTED_KEY(userId)),
    modalShownThisSession: readFlag(() => window.sessionStorage, MODAL_KEY(userId)),
  });

  useEffect(() => {
    if (!prompts.firstPrompt) return;
    writeFlag(() => window.localStorage, PROMPTED_KEY(userId));
    toast(UI_TEXT.startBookingCalls, {
      id: 'fm-subscription-prompt',
      description: RESTRICTED_ACTION_TEXT.bannerText,
      duration: 10_000,
      action: {
        label: UI_TEXT.activateYourSubscription,
        onClick: () => void navigate(SUBSCRIPTION_PATH),
      },
    });
  }, [prompts.firstPrompt, userId, navigate]);

  // Shown once per browser session: remembered as soon as it opens, closed by the user.
  useEffect(() => {
    if (!prompts.modal) return;
    writeFlag(() => window.sessionStorage, MODAL_KEY(userId));
    setModalOpen(true);
  }, [prompts.modal, userId]);
  const closeModal = () => setModalOpen(false);

  return (
    <>
      {prompts.banner ? (
        <StartBookingCallsBanner activateHref={SUBSCRIPTION_PATH} onActivate={activate} />
      ) : null}
      <ActionNotAvailableDialog
        open={modalOpen}
        title={UI_TEXT.startBookingCalls}
        message={RESTRICTED_ACTION_TEXT.subscriptionRequired}
        closeLabel={RESTRICTED_ACTION_TEXT.notNow}
        activateHref={SUBSCRIPTION_PATH}
        onActivate={(event) => {
          closeModal();
          activate(event);
        }}
        onClose={closeModal}
      />
    </>
  );
}
