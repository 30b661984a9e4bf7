import {
  AdminFranchisorQuerySchema,
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  AdminUserUpdateSchema,
  FRANCHISOR_OPTIONS_LIMIT,
  PROFILE_JSON_FIELDS,
  type ProfilePatchParsed,
  ProfilePatchSchema,
} from '@fm/sdk/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import type { RefreshTokens } from '../../auth/refresh-tokens.ts';
import type { AppEnv, SessionUser } from '../../auth/session.ts';
import { requireUser, sessionUserOf } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { franchise, session, user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput, validate } from '../../http/validate.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { UploadService } from '../../uploads/upload-service.ts';
import type { AccountService } from '../auth/service.ts';
import type { ProfileService } from '../profile/service.ts';
import type { ActivationLinkService } from './activation-links.ts';
import { recordAudit, snapshot } from './audit.ts';
import { oneFile, readAdminBody, searchAny } from './filters.ts';
import { findManagedUser, listUsers, type UserRow, userDetail } from './user-reads.ts';

export interface AdminUserDeps {
  db: Db;
  accounts: AccountService;
  profiles: ProfileService;
  uploads: UploadService;
  refreshTokens: RefreshTokens;
  realtime: RealtimePublisher;
  activation: ActivationLinkService;
  now: () => Date;
}

/** The profile service edits "own" profiles; an admin edits one as its owner would. */
const asOwner = (row: UserRow): SessionUser => sessionUserOf(row);

/**
 * The profile fields an admin sets on a user's behalf: the contract's profile patch without the
 * current password (an admin gives none for another user) and without the franchise and its
 * documents, which are edited through the franchise's own routes.
 */
const PROFILE_KEYS = Object.keys(ProfilePatchSchema.entries).filter(
  (key) => key !== 'currentPassword' && !(PROFILE_JSON_FIELDS as readonly string[]).includes(key),
);

function profilePatchOf(input: Record<string, unknown>): ProfilePatchParsed {
  const out: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) if (input[key] !== undefined) out[key] = input[key];
  return out as ProfilePatchParsed;
}

/**
 * Ends every way in for a user at once (deactivation, deletion): their access tokens (sessions),
 * their refresh tokens, and their open sockets.
 */
export async function endAccess(
  deps: Pick<AdminUserDeps, 'db' | 'refreshTokens' | 'realtime'>,
  userId: string,
): Promise<void> {
  await deps.db.delete(session).where(eq(session.userId, userId));
  await deps.refreshTokens.revokeAllForUser(userId);
  await deps.realtime.disconnectUser(userId);
}

/** `/api/admin/users/*` and `/api/admin/franchisors`. */
export function adminUserRoutes(deps: AdminUserDeps) {
  const { db, uploads, activation, now } = deps;

  async function mustFind(id: string): Promise<UserRow> {
    const row = await findManagedUser(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
  const detailOf = async (id: string) => userDetail(db, await mustFind(id), activation);

  async function checkedPhoto(files: Record<string, File[]>) {
    const photo = oneFile(files, 'profilePhoto') ?? oneFile(files, 'avatar');
    return photo ? uploads.check(photo, 'image') : undefined;
  }

  const users = new Hono<AppEnv>()
    .get('/', validate('query', AdminUserListQuerySchema), async (c) =>
      c.json(await listUsers(db, c.req.valid('query'))),
    )
    .get('/:id', async (c) => c.json(await detailOf(c.req.param('id'))))
    .post('/', async (c) => {
      const admin = requireUser(c);
      const body = await readAdminBody(c);
      const input = parseInput(AdminUserCreateSchema, body.fields);
      const profilePhoto = await checkedPhoto(body.files);
      let franchiseId: string | null = null;
      if (input.role === 'franchisor') {
        if (!input.franchiseId) {
          throw new AppError('VALIDATION_FAILED', {
            message: 'Please choose a franchise',
            errors: { franchiseId: 'Please choose a franchise' },
          });
        }
        const f = await db.query.franchise.findFirst({
          where: and(eq(franchise.id, input.franchiseId), eq(franchise.isDeleted, false)),
        });
        if (!f) throw new AppError('NOT_FOUND');
        franchiseId = f.id;
      }
      const invited = await deps.accounts.createInvitedUser({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        franchiseId,
      });
      try {
        await activation.keep(invited.userId, invited.token);
        const row = await mustFind(invited.userId);
        await deps.profiles.updateOwnProfile(asOwner(row), profilePatchOf(input), {
          profilePhoto,
        });
        if (franchiseId) {
          const f = await db.query.franchise.findFirst({ where: eq(franchise.id, franchiseId) });
          if (f && !f.billingContactUserId) {
            await db
              .update(franchise)
              .set({ billingContactUserId: row.id })
              .where(eq(franchise.id, franchiseId));
          }
        }
        const created = await mustFind(invited.userId);
        await recordAudit(db, now(), {
          actorId: admin.id,
          action: 'user.create',
          entityType: 'user',
          entityId: created.id,
          before: null,
          after: snapshot(created),
        });
        const view = activation.view(created);
        if (!view) throw new AppError('INTERNAL_ERROR');
        return c.json({ user: await userDetail(db, created, activation), activation: view }, 201);
      } catch (error) {
        // A refused or failed create leaves no half-made account behind.
        await db.delete(user).where(eq(user.id, invited.userId));
        throw error;
      }
    })
    .patch('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      const body = await readAdminBody(c);
      const input = parseInput(AdminUserUpdateSchema, body.fields);
      const profilePhoto = await checkedPhoto(body.files);
      const patch = profilePatchOf(input);
      if (Object.keys(patch).length > 0 || profilePhoto) {
        await deps.profiles.updateOwnProfile(asOwner(before), patch, { profilePhoto });
      }
      const flags: { isDeactivated?: boolean; status?: boolean } = {};
      if (input.isDeactivated !== undefined) flags.isDeactivated = input.isDeactivated;
      if (input.status !== undefined) flags.status = input.status;
      if (Object.keys(flags).length > 0) {
        await db.update(user).set(flags).where(eq(user.id, before.id));
      }
      if (flags.isDeactivated === true) await endAccess(deps, before.id);
      const after = await mustFind(before.id);
      const action =
        input.isDeactivated !== undefined
          ? input.isDeactivated
            ? 'user.deactivate'
            : 'user.activate'
          : input.status !== undefined && Object.keys(patch).length === 0
            ? input.status
              ? 'user.show'
              : 'user.hide'
            : 'user.update';
      await recordAudit(db, now(), {
        actorId: admin.id,
        action,
        entityType: 'user',
        entityId: before.id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return c.json(await userDetail(db, after, activation));
    })
    .delete('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      await db.transaction(async (tx) => {
        if (before.franchiseId) {
          const f = await tx.query.franchise.findFirst({
            where: eq(franchise.id, before.franchiseId),
          });
          if (f?.billingContactUserId === before.id) {
            const others = await tx.query.user.findFirst({
              where: and(
                eq(user.franchiseId, f.id),
                eq(user.isDeleted, false),
                ne(user.id, before.id),
              ),
              columns: { id: true },
            });
            // §5: the billing contact cannot be removed while the franchise has other members.
            if (others) {
              throw new AppError('BILLING_CONTACT_REQUIRED', {
                errors: { billingAddress: 'Billing address can not be deleted' },
              });
            }
            await tx
              .update(franchise)
              .set({ billingContactUserId: null })
              .where(eq(franchise.id, f.id));
          }
        }
        await tx
          .update(user)
          .set({ isDeleted: true, deletedAt: now(), status: false })
          .where(eq(user.id, before.id));
        const after = await tx.query.user.findFirst({ where: eq(user.id, before.id) });
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: 'user.delete',
          entityType: 'user',
          entityId: before.id,
          before: snapshot(before),
          after: snapshot(after),
        });
      });
      await endAccess(deps, before.id);
      return c.json({ ok: true as const });
    })
    .post('/:id/activation-link', async (c) => {
      const admin = requireUser(c);
      const row = await mustFind(c.req.param('id'));
      if (row.isVerified) {
        throw new AppError('CONFLICT', { message: 'This account is already activated' });
      }
      if (row.isDeleted) throw new AppError('NOT_FOUND');
      const link = await activation.reissue(row);
      await recordAudit(db, now(), {
        actorId: admin.id,
        action: 'user.activation-link',
        entityType: 'user',
        entityId: row.id,
        before: { tokenActivationExpiresAt: row.tokenActivationExpiresAt?.toISOString() ?? null },
        after: { tokenActivationExpiresAt: link.expiresAt },
      });
      return c.json(link);
    });

  /** `GET admin/franchisors?search`: franchisor users (not deleted) for Add Existing Franchisor. */
  const franchisors = new Hono<AppEnv>().get(
    '/',
    validate('query', AdminFranchisorQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await db
        .select({ user, company: franchise.company })
        .from(user)
        .leftJoin(franchise, eq(franchise.id, user.franchiseId))
        .where(
          and(
            eq(user.role, 'franchisor'),
            eq(user.isDeleted, false),
            ...searchAny(q.search, [user.firstName, user.lastName, user.email, franchise.company]),
          ),
        )
        .orderBy(asc(user.firstName), asc(user.lastName), asc(user.id))
        // One more than is answered: whether there are more.
        .limit(FRANCHISOR_OPTIONS_LIMIT + 1);
      return c.json({
        truncated: rows.length > FRANCHISOR_OPTIONS_LIMIT,
        franchisors: rows.slice(0, FRANCHISOR_OPTIONS_LIMIT).map((r) => ({
          id: r.user.id,
          firstName: r.user.firstName,
          lastName: r.user.lastName,
          email: r.user.email,
          franchise:
            r.user.franchiseId && r.company !== null
              ? { id: r.user.franchiseId, company: r.company }
              : null,
        })),
      });
    },
  );

  return { users, franchisors };
}
