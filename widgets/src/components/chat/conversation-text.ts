import { CHAT_ATTACHMENT_MAX_BYTES } from '@fm/sdk/contracts';
import { formatBytes } from './file-size.ts';

/**
 * Texts of the open conversation (its log, bubbles and composer) that the spec does not spell
 * out; they arrive with the conversation, once a chat is chosen. The frame's and the list's are
 * `CHAT_TEXT`.
 */
export const CONVERSATION_TEXT = {
  loadingConversation: 'Loading messages…',
  emptyConversation: 'No messages yet. Say hello!',
  notFound: 'This conversation does not exist or is not yours.',
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading earlier messages…',
  viewProfile: 'View profile',
  back: 'Back to conversations',
  log: (name: string) => `Conversation with ${name}`,
  composer: 'Message',
  placeholder: 'Write a message…',
  composerHint: 'Enter sends, Shift+Enter starts a new line.',
  attach: 'Attach files',
  send: 'Send',
  files: 'Files to send',
  uploading: (percent: number) => `Uploading, ${percent}%`,
  uploaded: 'Ready to send',
  removeFile: (name: string) => `Remove ${name}`,
  tooLarge: `This file is larger than ${formatBytes(CHAT_ATTACHMENT_MAX_BYTES)}.`,
  tooManyFiles: (max: number) => `A message can carry at most ${max} files.`,
  failedFilesBlock: 'Remove the files that could not be uploaded to send.',
  sending: 'Sending…',
  sent: 'Sent',
  read: 'Read',
  failed: 'Not sent',
  retrySend: 'Retry',
  discard: 'Delete',
  download: (name: string, size: string) => `Download ${name}, ${size}`,
  openImage: (name: string) => `Open ${name} full size`,
} as const;
