import type { ChatParticipant } from '@fm/sdk/contracts';
import type { MouseEvent } from 'react';
import type { AttachmentLoader } from './attachment-loader.ts';
import type { ChatSource, ConversationHandle } from './chat-ports.ts';
import type { ConversationFrame } from './chat-view.tsx';
import { ConversationView } from './conversation-view.tsx';
import { useComposer } from './use-composer.ts';
import { type ConversationCallbacks, useConversation } from './use-conversation.ts';

export interface ConversationPaneProps extends ConversationCallbacks, ConversationFrame {
  source: ChatSource;
  chatId: string;
  selfId: string;
  handle: ConversationHandle;
  attachments: AttachmentLoader;
  /** The public profile of the other participant, or null for none. */
  profileHref: (participant: ChatParticipant) => string | null;
  onProfileLink?:
    | ((participant: ChatParticipant, event: MouseEvent<HTMLAnchorElement>) => void)
    | undefined;
}

/**
 * The connected conversation of the `Chat` widget: its state, sending, uploads and read marks with
 * the view. It is loaded once a chat is chosen, so that a page showing only the list does not
 * download it; what it has loaded stays in `handle` while it is away.
 *
 * @example
 * <ConversationPane source={source} chatId={id} selfId={me} handle={handle} {...callbacks} {...frame} />
 */
export function ConversationPane({
  source,
  chatId,
  selfId,
  handle,
  attachments,
  profileHref,
  onProfileLink,
  onError,
  onRestricted,
  onSent,
  onRead,
  backHref,
  onBack,
  now,
  timeZone,
}: ConversationPaneProps) {
  const conversation = useConversation(source, {
    chatId,
    selfId,
    handle,
    onError,
    onRestricted,
    onSent,
    onRead,
  });
  const composer = useComposer(source, { chatId, onError, onSend: conversation.send });
  const participant = conversation.state.chat?.participant ?? null;
  return (
    <ConversationView
      state={conversation.state}
      selfId={selfId}
      composer={{
        state: composer.state,
        onText: composer.setText,
        onFiles: composer.addFiles,
        onRemoveFile: composer.removeFile,
        onSend: composer.send,
      }}
      profileHref={participant ? profileHref(participant) : null}
      onProfileLink={
        participant && onProfileLink ? (event) => onProfileLink(participant, event) : undefined
      }
      onLoadEarlier={conversation.loadEarlier}
      onRetryLoad={conversation.retryLoad}
      onRetrySend={conversation.retry}
      onDiscard={conversation.discard}
      attachments={attachments}
      backHref={backHref}
      onBack={onBack}
      now={now}
      timeZone={timeZone}
    />
  );
}
