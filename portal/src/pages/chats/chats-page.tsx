import type { ChatParticipant } from '@fm/sdk/contracts';
import { Chat } from '@fm/widgets';
import type { MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { usePageTitle } from '../../shared/page-title.ts';
import { PATHS, publicProfilePath } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { useSetUnreadCount } from '../../shared/unread-count.ts';
import { useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { SUBSCRIPTION_PATH, useActivateLink } from '../bookings/subscription-prompt.tsx';
import { chatPath } from './start-chat.tsx';
import { useChatRealtime } from './use-chat-realtime.ts';

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);

/**
 * `/chats` and `/chats/{id}` (user-area §2): the chat widget with the route as its selection.
 * Reading a chat updates the Messages badge at once; live frames come from the user's realtime
 * room, with polling while it is down (rule 12). The layout rules hide the footer here and the header
 * on small screens for a conversation.
 */
export function ChatsPage() {
  const { id = null } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const activate = useActivateLink();
  const realtime = useChatRealtime();
  const setUnreadCount = useSetUnreadCount();
  usePageTitle('Messages');
  // Rule 20: messages are stamped in the user's zone, like every other page.
  const { zone } = useUserTimeZone();

  const toProfile = (participant: ChatParticipant, event: MouseEvent<HTMLAnchorElement>) => {
    const path = publicProfilePath(participant.role, participant.id);
    if (!path || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate(path);
  };

  return (
    <div className="page page--chats">
      <h1 className="visually-hidden">Messages</h1>
      <Chat
        client={api}
        selfId={session?.user.id ?? null}
        chatId={id}
        onNavigate={(next) => void navigate(next ? chatPath(next) : PATHS.chats)}
        chatHref={chatPath}
        listHref={PATHS.chats}
        profileHref={(participant) => publicProfilePath(participant.role, participant.id)}
        onProfileLink={toProfile}
        activateHref={SUBSCRIPTION_PATH}
        onActivate={activate}
        signInHref={PATHS.signIn}
        realtime={realtime}
        onUnreadCount={setUnreadCount}
        timeZone={zone}
      />
    </div>
  );
}
