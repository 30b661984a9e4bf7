import { isHTTPError } from 'ky';
import {
  type ChatAttachment,
  ChatAttachmentSchema,
  type ChatDetail,
  type ChatDetailQuery,
  ChatDetailQuerySchema,
  ChatDetailSchema,
  type ChatList,
  type ChatListQuery,
  ChatListQuerySchema,
  ChatListSchema,
  type ChatMessage,
  ChatMessageSchema,
  type ChatSummary,
  ChatSummarySchema,
  type CreateChatInput,
  CreateChatInputSchema,
  type MarkChatReadResult,
  MarkChatReadResultSchema,
  MESSAGING_OPERATIONS,
  type SendMessageInput,
  SendMessageInputSchema,
  type UnreadCount,
  UnreadCountSchema,
} from './contracts/index.ts';
import { httpError, isApiError, networkError } from './errors.ts';
import { errorBodyText, type Http, type RequestOptions, withQuery } from './http.ts';
import { type PagedCall, paged } from './pagination.ts';
import { canReportUploadProgress, type UploadProgress, xhrFetch } from './upload-progress.ts';
import { validateInput } from './validate-input.ts';

export type { UploadProgress } from './upload-progress.ts';

/**
 * Options of {@link MessagesApi.upload}.
 *
 * @example
 * ```ts
 * const options: UploadOptions = { onProgress: ({ loaded, total }) => setPercent((100 * loaded) / total) };
 * ```
 */
export interface UploadOptions extends RequestOptions {
  /**
   * Called as the file goes out (browsers: from `XMLHttpRequest`'s upload events). Where there
   * is no `XMLHttpRequest` (Node), it is called once, with everything sent, when the upload is done.
   */
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** The file name to send when `file` is a `Blob` without one (default `'file'`). */
  name?: string | undefined;
}

/**
 * Chats (user-area §3, §7; rules 11, 12 and 13): the caller's chats, a conversation page by page,
 * starting a chat, sending, marking read, attachments and the unread count. Every call sends the
 * stored credentials; a user reads and writes only chats they take part in (others answer 404).
 * Writes need an active subscription (franchisor) or an activated profile (consultant): otherwise
 * they reject with status 403 and code `SUBSCRIPTION_REQUIRED` or `PROFILE_INACTIVE`.
 *
 * @example
 * ```ts
 * const chat = await api.messages.create({ participants: [consultantId] });
 * await api.messages.send(chat.id, { text: 'Hello!' });
 * const { messages, nextCursor } = await api.messages.get(chat.id);
 * ```
 */
export interface MessagesApi {
  /**
   * `GET /api/chats?page&limit`: one page of the caller's chats, newest activity first, each with
   * the other participant, the last message and its own unread count.
   *
   * @example
   * ```ts
   * const { data, total } = await api.messages.list({ page: 1 }); // 20 a page by default
   * ```
   */
  list(
    query?: ChatListQuery,
    options?: RequestOptions,
  ): PagedCall<ChatList, ChatList['data'][number]>;
  /**
   * `GET /api/chats/{id}?before&limit`: the chat (other participant, how far they have read) and
   * one page of messages, oldest first. Pass `nextCursor` as `before` for the page before it;
   * `nextCursor` is null on the page that reaches the first message.
   *
   * @example
   * ```ts
   * const page = await api.messages.get(chatId);
   * const earlier = page.nextCursor ? await api.messages.get(chatId, { before: page.nextCursor }) : null;
   * ```
   */
  get(chatId: string, query?: ChatDetailQuery, options?: RequestOptions): Promise<ChatDetail>;
  /**
   * `POST /api/chats {participants}`: opens the chat with a consultant (as a franchisor) or a
   * franchisor (as a consultant); answers the existing chat when the two already have one.
   * 404 for a user who cannot be messaged, 422 for oneself or a user of the same role.
   *
   * @example
   * ```ts
   * const chat = await api.messages.create({ participants: [consultantId] });
   * navigate(`/chats/${chat.id}`);
   * ```
   */
  create(input: CreateChatInput, options?: RequestOptions): Promise<ChatSummary>;
  /**
   * `POST /api/chats/{id}/messages`: sends text, files uploaded with {@link MessagesApi.upload},
   * or both. The text is stored and shown as plain text.
   *
   * @example
   * ```ts
   * const file = await api.messages.upload(picked);
   * const message = await api.messages.send(chatId, { text: 'The FDD', attachmentIds: [file.id] });
   * ```
   */
  send(chatId: string, input: SendMessageInput, options?: RequestOptions): Promise<ChatMessage>;
  /**
   * `POST /api/chats/{id}/read`: the caller has read the chat up to now; answers their unread count
   * across all chats (for the badge).
   *
   * @example
   * ```ts
   * const { unreadCount } = await api.messages.markRead(chatId);
   * ```
   */
  markRead(chatId: string, options?: RequestOptions): Promise<MarkChatReadResult>;
  /**
   * `POST /api/chats/upload` (multipart field `file`): uploads one attachment, checked by content
   * (rule 13): JPEG/PNG images (`kind: 'image'`) and documents such as PDF, Word, Excel, PowerPoint,
   * OpenDocument, RTF, ZIP and text files (`kind: 'document'`), up to 20 MB (413 above, 415 for
   * other types). The file stays private to the uploader until it is sent in a chat.
   *
   * @example
   * ```ts
   * const attachment = await api.messages.upload(input.files[0], {
   *   onProgress: ({ loaded, total }) => setPercent(Math.round((100 * loaded) / total)),
   * });
   * ```
   */
  upload(file: Blob, options?: UploadOptions): Promise<ChatAttachment>;
  /**
   * Downloads an attachment (`attachment.url`) with the caller's credentials, as a `Blob`: images
   * are shown through `URL.createObjectURL(blob)`, documents saved from it. 404 unless the caller
   * takes part in the chat (or uploaded the file).
   *
   * @example
   * ```ts
   * const blob = await api.messages.fetchAttachment(attachment);
   * img.src = URL.createObjectURL(blob);
   * ```
   */
  fetchAttachment(
    attachment: Pick<ChatAttachment, 'id'> | string,
    options?: RequestOptions,
  ): Promise<Blob>;
  /**
   * `GET /api/chats/messages/unread-count`, bypassing caches: messages from others the user has
   * not read yet. The portal polls it every `UNREAD_POLL_MS` and on realtime events.
   *
   * @example
   * ```ts
   * const { unreadCount } = await api.messages.unreadCount(); // 3
   * ```
   */
  unreadCount(options?: RequestOptions): Promise<UnreadCount>;
}

/** How long an upload may take before it is abandoned. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

const chatPath = (chatId: string, rest = '') => `chats/${encodeURIComponent(chatId)}${rest}`;

/**
 * `GET chats`: the signed-in user's chats, latest activity first, a page at a time.
 *
 * @example
 * ```ts
 * const { data } = await listChats(api.http, { page: 1 });
 * ```
 */
export function listChats(
  http: Http,
  query: ChatListQuery = {},
  options?: RequestOptions,
): PagedCall<ChatList, ChatList['data'][number]> {
  return paged(
    async (page) => {
      const q = page === undefined ? query : { ...query, page };
      validateInput('fetchChats', MESSAGING_OPERATIONS, ChatListQuerySchema, q);
      return http.call(
        {
          operation: 'fetchChats',
          texts: MESSAGING_OPERATIONS,
          method: 'get',
          path: withQuery('chats', { page: q.page, limit: q.limit }),
          response: ChatListSchema,
          fresh: true,
        },
        options,
      );
    },
    (p) => p.data,
  );
}

/**
 * `GET chats/{id}`: one chat with a page of its messages (older ones with `before`).
 *
 * @example
 * ```ts
 * const { messages } = await getChat(api.http, chatId, { limit: 30 });
 * ```
 */
export async function getChat(
  http: Http,
  chatId: string,
  query: ChatDetailQuery = {},
  options: RequestOptions = {},
): Promise<ChatDetail> {
  validateInput('fetchChat', MESSAGING_OPERATIONS, ChatDetailQuerySchema, query);
  return http.call(
    {
      operation: 'fetchChat',
      texts: MESSAGING_OPERATIONS,
      method: 'get',
      path: withQuery(chatPath(chatId), { before: query.before, limit: query.limit }),
      response: ChatDetailSchema,
      fresh: true,
    },
    options,
  );
}

/**
 * `POST chats`: opens (or finds) the chat with another user; safe to retry.
 *
 * @example
 * ```ts
 * const chat = await createChat(api.http, { participants: [consultantId] });
 * ```
 */
export async function createChat(
  http: Http,
  input: CreateChatInput,
  options?: RequestOptions,
): Promise<ChatSummary> {
  const json = validateInput('createChat', MESSAGING_OPERATIONS, CreateChatInputSchema, input);
  return http.call(
    {
      operation: 'createChat',
      texts: MESSAGING_OPERATIONS,
      idempotent: true,
      method: 'post',
      path: 'chats',
      json,
      response: ChatSummarySchema,
    },
    options,
  );
}

/**
 * `POST chats/{id}/messages`: sends a message; safe to retry (sent at most once).
 *
 * @example
 * ```ts
 * const message = await sendMessage(api.http, chatId, { text: 'Hello' });
 * ```
 */
export async function sendMessage(
  http: Http,
  chatId: string,
  input: SendMessageInput,
  options?: RequestOptions,
): Promise<ChatMessage> {
  const json = validateInput('sendMessage', MESSAGING_OPERATIONS, SendMessageInputSchema, input);
  return http.call(
    {
      operation: 'sendMessage',
      texts: MESSAGING_OPERATIONS,
      idempotent: true,
      method: 'post',
      path: chatPath(chatId, '/messages'),
      json,
      response: ChatMessageSchema,
    },
    options,
  );
}

/**
 * `POST chats/{id}/read`: marks the chat's messages to the signed-in user read.
 *
 * @example
 * ```ts
 * await markChatRead(api.http, chatId);
 * ```
 */
export function markChatRead(
  http: Http,
  chatId: string,
  options?: RequestOptions,
): Promise<MarkChatReadResult> {
  return http.call(
    {
      operation: 'markChatRead',
      texts: MESSAGING_OPERATIONS,
      method: 'post',
      path: chatPath(chatId, '/read'),
      response: MarkChatReadResultSchema,
    },
    options,
  );
}

/**
 * `POST chats/upload`: uploads one attachment (multipart), reporting progress where the runtime
 * can.
 *
 * @example
 * ```ts
 * const attachment = await uploadAttachment(api.http, file, { onProgress: ({ loaded }) => show(loaded) });
 * ```
 */
export async function uploadAttachment(
  http: Http,
  file: Blob,
  options: UploadOptions = {},
): Promise<ChatAttachment> {
  const body = new FormData();
  const name = options.name ?? (file instanceof File ? file.name : 'file');
  body.append('file', file, name);
  const withProgress = options.onProgress && canReportUploadProgress();
  const result = await http.call(
    {
      operation: 'uploadAttachment',
      texts: MESSAGING_OPERATIONS,
      method: 'post',
      path: 'chats/upload',
      body,
      response: ChatAttachmentSchema,
      // 20 MB take a while on a slow line; the signal cancels sooner.
      timeout: UPLOAD_TIMEOUT_MS,
      ...(withProgress && options.onProgress ? { fetch: xhrFetch(options.onProgress) } : {}),
    },
    { signal: options.signal, timeout: options.timeout, headers: options.headers },
  );
  if (options.onProgress && !withProgress) {
    options.onProgress({ loaded: file.size, total: file.size });
  }
  return result;
}

/**
 * `GET chats/attachments/{id}`: an attachment's bytes, for the participants of its chat.
 *
 * @example
 * ```ts
 * const url = URL.createObjectURL(await fetchAttachment(api.http, attachment));
 * ```
 */
export async function fetchAttachment(
  http: Http,
  attachment: Pick<ChatAttachment, 'id'> | string,
  options: RequestOptions = {},
): Promise<Blob> {
  const id = typeof attachment === 'string' ? attachment : attachment.id;
  try {
    const response = await http.ky.get(`chats/attachments/${encodeURIComponent(id)}`, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      headers: { ...options.headers, accept: '*/*' },
    });
    return await response.blob();
  } catch (error) {
    if (isApiError(error)) throw error;
    if (isHTTPError(error)) {
      // ky has read the body into `data`; nothing readable gives the generic message.
      throw httpError(
        'fetchAttachment',
        MESSAGING_OPERATIONS.fetchAttachment,
        error.response.status,
        errorBodyText(error.data),
        error,
      );
    }
    throw networkError('fetchAttachment', error);
  }
}

/**
 * Creates the messaging calls on a transport.
 *
 * @example
 * ```ts
 * const messages = createMessagesApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createMessagesApi(http: Http): MessagesApi {
  return {
    list: (query, options) => listChats(http, query, options),
    get: (chatId, query, options) => getChat(http, chatId, query, options),
    create: (input, options) => createChat(http, input, options),
    send: (chatId, input, options) => sendMessage(http, chatId, input, options),
    markRead: (chatId, options) => markChatRead(http, chatId, options),
    upload: (file, options) => uploadAttachment(http, file, options),
    fetchAttachment: (attachment, options) => fetchAttachment(http, attachment, options),
    unreadCount(options) {
      return http.call(
        {
          operation: 'fetchUnreadCount',
          texts: MESSAGING_OPERATIONS,
          method: 'get',
          path: 'chats/messages/unread-count',
          response: UnreadCountSchema,
          fresh: true,
        },
        options,
      );
    },
  };
}
