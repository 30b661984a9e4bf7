import {
  BillingAddressInputSchema,
  ContactProfilePatchSchema,
  PRODUCT_NAME,
  ProfilePatchSchema,
  StripeEmailInputSchema,
  SUPPORT_EMAIL,
  SupportRequestInputSchema,
} from '@fm/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  type AppEnv,
  requireRole,
  requireUser,
  type SessionUser,
  signedIn,
} from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { franchiseDocument, supportRequest, upload } from '../../db/schema/index.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import { readFormData } from '../../http/form-data.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { parseInput, validate } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { UploadService } from '../../uploads/upload-service.ts';
import type { EmailChangeService } from '../users/email-change.ts';
import { readProfileBody } from './multipart.ts';
import type { ProfileService } from './service.ts';

/** Multipart requests carry files: up to a photo, a logo, a gallery and some slack. */
export const MULTIPART_LIMIT_BYTES = 40 * 1024 * 1024;
const multipartLimit = bodyLimit({
  maxSize: MULTIPART_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

const oneFile = (files: Record<string, File[]>, key: string) => {
  const list = files[key] ?? [];
  if (list.length > 1)
    throw new AppError('VALIDATION_FAILED', {
      message: 'Please upload one file',
      errors: { [key]: 'Please upload one file' },
    });
  return list[0];
};

/** Support requests an address, and an e-mail, may send in an hour. */
export const SUPPORT_REQUEST_LIMITS = {
  perAddress: 10,
  perEmail: 5,
  windowMs: 60 * 60_000,
} as const;

/** `/api/users/*` profile calls of user-area §7 and `/api/profile`. */
export function profileRoutes(deps: {
  db: Db;
  profiles: ProfileService;
  uploads: UploadService;
  mailer: Mailer;
  /** A new e-mail of one's own waits for proof of the password and of the new mailbox. */
  emailChanges: Pick<EmailChangeService, 'check' | 'start'>;
  /** Counts support requests (an hour's window: {@link SUPPORT_REQUEST_LIMITS}). */
  supportLimiter: RateLimiter;
  trustProxy: boolean;
}) {
  const { profiles, uploads, emailChanges } = deps;

  const support = (kind: 'user' | 'company') => async (c: Context<AppEnv>) => {
    const input = parseInput(SupportRequestInputSchema, await c.req.json());
    // Anyone may write without an account: each mails support, so a script must not flood it.
    await deps.supportLimiter.hit(
      `support-address:${clientIp(c, deps.trustProxy)}`,
      SUPPORT_REQUEST_LIMITS.perAddress,
    );
    await deps.supportLimiter.hit(
      `support-email:${input.email.toLowerCase()}`,
      SUPPORT_REQUEST_LIMITS.perEmail,
    );
    const current = c.get('user');
    await deps.db
      .insert(supportRequest)
      .values({ userId: current?.id ?? null, kind, email: input.email, details: input.details });
    await deps.mailer.send({
      to: SUPPORT_EMAIL,
      subject: `${PRODUCT_NAME} ${kind === 'company' ? 'company ' : ''}support request from ${input.email}`,
      text: `${input.details}\n\nFrom: ${input.email}${current ? ` (user ${current.id}, ${current.role})` : ''}`,
    });
    return c.json({ ok: true as const });
  };

  const users = new Hono<AppEnv>()
    .patch('/', signedIn, multipartLimit, async (c) => {
      const current = requireUser(c);
      const body = await readProfileBody(c);
      const { email, currentPassword, ...patch } = parseInput(ProfilePatchSchema, body.fields);
      const photoFile = oneFile(body.files, 'profilePhoto');
      const logoFile = oneFile(body.files, 'logo');
      const files = {
        profilePhoto: photoFile ? await uploads.check(photoFile, 'image') : undefined,
        logo: logoFile ? await uploads.check(logoFile, 'image') : undefined,
        photos: await Promise.all((body.files.photos ?? []).map((f) => uploads.check(f, 'image'))),
      };
      // A new e-mail is refused before anything is written without the right password,
      // and once the rest is saved it only becomes pending (the link to the new address applies it).
      const newEmail = email !== undefined && email !== current.email ? email : undefined;
      if (newEmail) await emailChanges.check(current, newEmail, currentPassword);
      const profile = await profiles.updateOwnProfile(current, patch, files);
      if (!newEmail) return c.json(profile);
      await emailChanges.start(current, newEmail);
      return c.json({ ...profile, pendingEmail: newEmail });
    })
    // An admin's account is not deleted from the user area (the last admin would lock everyone
    // out of the control panel); admins are managed by ADMIN_EMAIL and the control panel.
    .delete('/', requireRole('franchisor', 'consultant'), async (c) => {
      await profiles.deleteAccount(requireUser(c));
      return c.json({ ok: true as const });
    })
    .patch(
      '/change-stripe-email',
      signedIn,
      validate('json', StripeEmailInputSchema),
      async (c) => {
        const current = requireUser(c);
        return c.json(await profiles.changePaymentEmail(current, c.req.valid('json').email));
      },
    )
    .post('/support-request', support('user'))
    .post('/company-support-request', support('company'))
    .post('/upload-images', signedIn, multipartLimit, async (c) => {
      const current = requireUser(c);
      const form = await readFormData(c);
      const file = form.get('image');
      if (!(file instanceof File))
        throw new AppError('VALIDATION_FAILED', {
          message: 'Please choose an image',
          errors: { image: 'Please choose an image' },
        });
      const [stored] = await uploads.store([await uploads.check(file, 'image')], current.id);
      return c.json(stored);
    })
    .post('/upload-documents', signedIn, multipartLimit, async (c) => {
      const current = requireUser(c);
      if (current.role !== 'franchisor') throw new AppError('FORBIDDEN');
      const form = await readFormData(c);
      const file = form.get('file');
      if (!(file instanceof File))
        throw new AppError('VALIDATION_FAILED', {
          message: 'Please choose a file',
          errors: { file: 'Please choose a file' },
        });
      // FDD documents are visible to signed-in users only.
      const [stored] = await uploads.store([await uploads.check(file, 'document')], current.id, {
        isPrivate: true,
      });
      return c.json(stored);
    });

  const profile = new Hono<AppEnv>()
    .get('/', signedIn, async (c) => c.json(await profiles.contactProfile(requireUser(c))))
    .patch('/', signedIn, validate('json', ContactProfilePatchSchema), async (c) =>
      c.json(await profiles.updateContact(requireUser(c), c.req.valid('json').data)),
    )
    .patch('/billing-address', signedIn, validate('json', BillingAddressInputSchema), async (c) =>
      c.json(await profiles.setBillingContact(requireUser(c), c.req.valid('json').email)),
    );

  const files = new Hono<AppEnv>().get('/:id', async (c) => {
    const row = await deps.db.query.upload.findFirst({ where: eq(upload.id, c.req.param('id')) });
    // Chat files are served only to their chat's participants, at /api/chats/attachments/{id}.
    if (!row || row.kind === 'attachment') throw new AppError('NOT_FOUND');
    if (row.isPrivate) {
      const viewer = c.get('user');
      if (!viewer) throw new AppError('UNAUTHORIZED');
      // Private documents are for their uploader, the members of the franchise they belong to
      // and admins; anyone else gets 404, as for any private object of another user (rule 7).
      if (!(await maySeePrivateFile(deps.db, viewer, row))) throw new AppError('NOT_FOUND');
    }
    const stream = await uploads.storage.get(row.key);
    if (!stream) throw new AppError('NOT_FOUND');
    return new Response(stream, {
      headers: {
        'content-type': row.mime,
        'content-length': String(row.size),
        'cache-control': row.isPrivate
          ? 'private, no-store'
          : 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': `${row.mime.startsWith('image/') || row.mime === 'application/pdf' ? 'inline' : 'attachment'}; filename="${(row.originalName ?? 'file').replace(/["\\\r\n]/g, '_')}"`,
      },
    });
  });

  return { users, profile, files };
}

/** Whether `viewer` may read the private upload `file`. */
async function maySeePrivateFile(
  db: Db,
  viewer: SessionUser,
  file: { id: string; ownerId: string | null },
): Promise<boolean> {
  if (viewer.role === 'admin' || file.ownerId === viewer.id) return true;
  if (!viewer.franchiseId) return false;
  const attached = await db.query.franchiseDocument.findFirst({
    columns: { id: true },
    where: and(
      eq(franchiseDocument.uploadId, file.id),
      eq(franchiseDocument.franchiseId, viewer.franchiseId),
    ),
  });
  return attached !== undefined;
}
