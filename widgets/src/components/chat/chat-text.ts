import { CHAT_ATTACHMENT_MAX_BYTES } from '@fm/sdk/contracts';
import { formatBytes } from './chat-format.ts';

/**
 * Texts of the chat that the spec does not spell out (it names the page Messages and the feature
 * "Chat messaging with file attachments and an unread badge"). Failures show the SDK's
 * '{operation}: {message}' text, not one from here.
 */
export const CHAT_TEXT = {
  title: 'Messages',
  chats: 'Conversations',
  search: 'Search by name',
  searchPlaceholder: 'Search by name',
  loadingChats: 'Loading conversations…',
  noChats: 'No conversations yet.',
  noChatsHint: 'Start one with Message on a profile or a meeting.',
  noMatches: (query: string) => `No conversation with “${query}”.`,
  unread: (count: number) => `${count} unread`,
  moreChats: 'Show more conversations',
  you: 'You: ',
  noMessagesYet: 'No messages yet',
  retry: 'Try again',
  chooseChat: 'Choose a conversation to read it.',
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
  signIn: 'Log in to see your messages.',
  signInLink: 'Log In',
} as const;
