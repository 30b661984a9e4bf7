import {
  CHAT_ATTACHMENT_MAX_BYTES,
  ChatDetailQuerySchema,
  ChatListQuerySchema,
  CreateChatInputSchema,
  SendMessageInputSchema,
  type UnreadCount,
} from '@fm/sdk/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AppEnv, requireUser, signedIn } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { readFormData } from '../../http/form-data.ts';
import type { Logger } from '../../http/logger.ts';
import { validate } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { UploadService } from '../../uploads/upload-service.ts';
import { createChatNotices } from './chat-notices.ts';
import { createChatService } from './chat-service.ts';
import { unreadMessageCount } from './unread.ts';

/** A multipart body around one attachment: the file plus room for the form's framing. */
const uploadLimit = bodyLimit({
  maxSize: CHAT_ATTACHMENT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

const NO_CACHE = { 'cache-control': 'no-store, no-cache, must-revalidate', pragma: 'no-cache' };

/** `/api/chats/*`: chats, messages, read marks, attachments and the unread count (user-area §7). */
export function messagingRoutes(deps: {
  db: Db;
  uploads: UploadService;
  realtime: RealtimePublisher;
  mailer: Mailer;
  logger: Logger;
  /** The origin users reach, for links in e-mails. */
  publicUrl: string;
  now: () => Date;
}) {
  const notices = createChatNotices(deps);
  const chats = createChatService({ ...deps, notices });
  return new Hono<AppEnv>()
    .get('/messages/unread-count', signedIn, async (c) => {
      const user = requireUser(c);
      // Polled every few seconds: never served from a cache.
      c.header('cache-control', NO_CACHE['cache-control']);
      c.header('pragma', NO_CACHE.pragma);
      return c.json({
        unreadCount: await unreadMessageCount(deps.db, user.id),
      } satisfies UnreadCount);
    })
    .get('/', signedIn, validate('query', ChatListQuerySchema), async (c) =>
      c.json(await chats.list(requireUser(c), c.req.valid('query'))),
    )
    .post('/', signedIn, validate('json', CreateChatInputSchema), async (c) => {
      const { chat, created } = await chats.start(requireUser(c), c.req.valid('json').participants);
      return c.json(chat, created ? 201 : 200);
    })
    .post('/upload', signedIn, uploadLimit, async (c) => {
      const actor = requireUser(c);
      const form = await readFormData(c);
      const files = form.getAll('file');
      const [file] = files;
      if (files.length !== 1 || !(file instanceof File)) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'Please choose one file',
          errors: { file: 'Please choose one file' },
        });
      }
      return c.json(await chats.upload(actor, file), 201);
    })
    .get('/attachments/:id', signedIn, async (c) => {
      const file = await chats.attachmentFile(requireUser(c), c.req.param('id'));
      const original = file.originalName || 'file';
      // The quoted name is ASCII only (headers are bytes); the UTF-8 one carries the real name.
      const ascii = original.replace(/[^\x20-\x7e]|["\\]/g, '_');
      const inline = file.mime === 'image/jpeg' || file.mime === 'image/png';
      return new Response(file.stream, {
        headers: {
          'content-type': file.mime,
          'content-length': String(file.size),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(original).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`,
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    })
    .get('/:id', signedIn, validate('query', ChatDetailQuerySchema), async (c) =>
      c.json(await chats.detail(requireUser(c), c.req.param('id'), c.req.valid('query'))),
    )
    .post('/:id/messages', signedIn, validate('json', SendMessageInputSchema), async (c) =>
      c.json(await chats.send(requireUser(c), c.req.param('id'), c.req.valid('json')), 201),
    )
    .post('/:id/read', signedIn, async (c) =>
      c.json(await chats.markRead(requireUser(c), c.req.param('id'))),
    );
}
