import type { Role } from '@fm/sdk/contracts';
import { type ChatRestriction, restrictionOf } from '@fm/widgets';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { ChatRestrictionDialog } from '../bookings/subscription-prompt.tsx';

export const MESSAGE = 'Message';

/** The chat page of one conversation. */
export const chatPath = (chatId: string) => `${PATHS.chats}/${encodeURIComponent(chatId)}`;

/** Who messages whom: a franchisor writes to consultants, a consultant to franchisors. */
const MESSAGES: Partial<Record<Role, Role>> = {
  franchisor: 'consultant',
  consultant: 'franchisor',
};

export interface MessageButtonProps {
  /** The user to write to. */
  userId: string;
  /** Their role: the button shows only to the other role (and to guests). */
  userRole: Role;
  /** The button's classes (the page's button style). */
  className?: string;
}

/**
 * "Message" on a public profile or a meeting: opens the chat with that user, creating it when
 * there is none yet (`messages.create`), and goes to `/chats/{id}`. A guest is sent to sign in;
 * a user whose subscription or profile is not active gets the Action Not Available modal (rule 11);
 * nothing shows to users who cannot write to this role, nor on one's own profile.
 *
 * @example
 * <MessageButton userId={profile.id} userRole="consultant" />
 */
export function MessageButton({
  userId,
  userRole,
  className = 'button button--secondary button--large',
}: MessageButtonProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [restriction, setRestriction] = useState<ChatRestriction | null>(null);

  if (!session) {
    return (
      <Link to={PATHS.signIn} state={{ from: location.pathname }} className={className}>
        {MESSAGE}
      </Link>
    );
  }
  if (session.user.id === userId || MESSAGES[session.role] !== userRole) return null;

  const start = async () => {
    setPending(true);
    try {
      const chat = await api.messages.create({ participants: [userId] });
      void navigate(chatPath(chat.id));
    } catch (error) {
      const restricted = restrictionOf(error);
      if (restricted) setRestriction(restricted);
      else toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        aria-busy={pending}
        onClick={() => void start()}
      >
        {MESSAGE}
      </button>
      <ChatRestrictionDialog restriction={restriction} onClose={() => setRestriction(null)} />
    </>
  );
}
