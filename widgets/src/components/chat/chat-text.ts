/**
 * Texts of the chat's frame and list that the spec does not spell out (it names the page Messages
 * and the feature "Chat messaging with file attachments and an unread badge"); the open
 * conversation's are `CONVERSATION_TEXT`, which arrive with it. Failures show the SDK's
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
  signIn: 'Log in to see your messages.',
  signInLink: 'Log In',
} as const;
