import {
  AdminBillingAddressInputSchema,
  AdminFranchiseCreateSchema,
  type AdminFranchiseDetail,
  AdminFranchiseListQuerySchema,
  type AdminFranchiseRow,
  AdminFranchiseUpdateSchema,
  type ProfilePatchParsed,
  UNSUBSCRIBED_LABEL,
} from '@fm/sdk/contracts';
import { type AnyColumn, and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { type AppEnv, requireUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import {
  franchise,
  franchiseCategory,
  franchiseState,
  paymentMethod,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput, validate } from '../../http/validate.ts';
import { toPaymentMethod } from '../../payments/payment-methods.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { UploadService } from '../../uploads/upload-service.ts';
import { handOverBillingContact, setBillingContact } from '../franchises/billing-contact.ts';
import {
  findFranchiseForMember,
  franchiseMemberContact,
  listFranchiseMembers,
} from '../franchises/repository.ts';
import type { ProfileService } from '../profile/service.ts';
import type { ActivationLinkService } from './activation-links.ts';
import { recordAudit, snapshot } from './audit.ts';
import { franchiseDisplayStatus, franchisorDisplayStatus } from './display-status.ts';
import { dateRange, offsetOf, oneFile, readAdminBody, searchAny } from './filters.ts';

type FranchiseRow = typeof franchise.$inferSelect;
type ListQuery = v.InferOutput<typeof AdminFranchiseListQuerySchema>;
type FranchisePatch = NonNullable<ProfilePatchParsed['franchise']>;

/**
 * A column of the listed franchise, named with its table, for the correlated subqueries below:
 * drizzle leaves the columns of a single-table select unqualified, and inside a subquery an
 * unqualified `id` is the inner table's (the member count once compared users' franchise with
 * their own id, and was 0 for every franchise).
 */
const listed = (column: AnyColumn) => sql`${franchise}.${sql.identifier(column.name)}`;
const billingEmail = sql<
  string | null
>`(select ${user.email} from ${user} where ${user.id} = ${listed(franchise.billingContactUserId)})`;
const memberCount = sql<number>`(select count(*) from ${user} where ${user.franchiseId} = ${listed(franchise.id)} and ${user.isDeleted} = 0)`;

/** Franchise list filters; deleted franchises are never listed. */
export function franchiseWhere(q: Omit<ListQuery, 'page' | 'limit'>): SQL | undefined {
  const status: SQL[] = [];
  switch (q.status) {
    case 'active':
      status.push(eq(franchise.isActivated, true), eq(franchise.isDeactivated, false));
      break;
    case 'inactive':
      status.push(sql`not (${franchise.isActivated} = 1 and ${franchise.isDeactivated} = 0)`);
      break;
    case 'hidden':
      status.push(eq(franchise.status, false));
      break;
    case 'deactivated':
      status.push(eq(franchise.isDeactivated, true));
      break;
    case undefined:
      break;
  }
  return and(
    eq(franchise.isDeleted, false),
    ...status,
    ...searchAny(q.search, [franchise.company, franchise.email, billingEmail]),
    ...dateRange(franchise.createdAt, q),
  );
}

/** Franchises matching the filters, newest first, with their member count and billing contact. */
export function selectFranchises(db: Db, q: Omit<ListQuery, 'page' | 'limit'>) {
  return db
    .select({ franchise, billingEmail, members: memberCount })
    .from(franchise)
    .where(franchiseWhere(q))
    .orderBy(desc(franchise.createdAt), asc(franchise.id));
}

async function tagsOf(db: Db, ids: string[]) {
  const out = new Map<string, { categories: string[]; states: string[] }>();
  for (const id of ids) out.set(id, { categories: [], states: [] });
  if (ids.length === 0) return out;
  const [categories, states] = await Promise.all([
    db.select().from(franchiseCategory).where(inArray(franchiseCategory.franchiseId, ids)),
    db.select().from(franchiseState).where(inArray(franchiseState.franchiseId, ids)),
  ]);
  for (const c of categories) out.get(c.franchiseId)?.categories.push(c.category);
  for (const s of states) out.get(s.franchiseId)?.states.push(s.stateCode);
  return out;
}

export const subscriptionLabel = (status: FranchiseRow['stripeSubscriptionStatus']) =>
  status ?? UNSUBSCRIBED_LABEL;

function toRow(
  r: { franchise: FranchiseRow; billingEmail: string | null; members: number },
  tags: { categories: string[]; states: string[] } | undefined,
): AdminFranchiseRow {
  const f = r.franchise;
  return {
    id: f.id,
    company: f.company,
    logo: f.logo,
    country: f.country,
    categories: (tags?.categories ?? []).sort(),
    statesRegisteredIn: (tags?.states ?? []).sort(),
    isActivated: f.isActivated,
    isDeactivated: f.isDeactivated,
    status: f.status,
    displayStatus: franchiseDisplayStatus(f),
    stripeSubscriptionStatus: f.stripeSubscriptionStatus,
    subscription: subscriptionLabel(f.stripeSubscriptionStatus),
    members: Number(r.members),
    billingAddress: r.billingEmail,
    createdAt: f.createdAt.toISOString(),
  };
}

/** `/api/admin/franchises/*`, `/api/admin/franchisors/{id}/add/{franchiseId}`, `/api/admin/payment-methods/{id}`. */
export function adminFranchiseRoutes(deps: {
  db: Db;
  profiles: ProfileService;
  uploads: UploadService;
  activation: ActivationLinkService;
  now: () => Date;
  /** Closes the sockets of members who leave a franchise (its meeting rooms among them). */
  realtime: Pick<RealtimePublisher, 'disconnectUser'>;
}) {
  const { db, uploads, now } = deps;

  async function mustFind(id: string): Promise<FranchiseRow> {
    const row = await db.query.franchise.findFirst({
      where: and(eq(franchise.id, id), eq(franchise.isDeleted, false)),
    });
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function detail(id: string): Promise<AdminFranchiseDetail> {
    const row = await mustFind(id);
    const [own, members, cards] = await Promise.all([
      findFranchiseForMember(db, id),
      listFranchiseMembers(db, id),
      db
        .select()
        .from(paymentMethod)
        .where(and(eq(paymentMethod.franchiseId, id), eq(paymentMethod.isDefault, true)))
        .limit(1),
    ]);
    if (!own) throw new AppError('NOT_FOUND');
    const { documents: _documents, fddFiles: _fddFiles, ...fields } = own;
    const primary = row.primaryPaymentMethodId
      ? await db.query.paymentMethod.findFirst({
          where: eq(paymentMethod.id, row.primaryPaymentMethodId),
        })
      : cards[0];
    return {
      ...fields,
      isActivated: row.isActivated,
      isDeactivated: row.isDeactivated,
      status: row.status,
      displayStatus: franchiseDisplayStatus(row),
      activatedBy: row.activatedBy,
      subscription: subscriptionLabel(row.stripeSubscriptionStatus),
      primaryPaymentMethod: primary ? toPaymentMethod(primary) : null,
      users: members.map((m) => ({
        ...franchiseMemberContact(m, row.billingContactUserId),
        isVerified: m.isVerified,
        isDeleted: m.isDeleted,
        isDeactivated: m.isDeactivated,
        status: m.status,
        displayStatus: franchisorDisplayStatus(m),
        activation: deps.activation.view(m),
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function checkedFiles(files: Record<string, File[]>) {
    const logo = oneFile(files, 'logo');
    return {
      logo: logo ? await uploads.check(logo, 'image') : undefined,
      photos: await Promise.all((files.photos ?? []).map((f) => uploads.check(f, 'image'))),
    };
  }

  const franchisePatchOf = (input: Record<string, unknown>): FranchisePatch => {
    const { isDeactivated: _d, status: _s, ...rest } = input;
    return rest as FranchisePatch;
  };

  const franchises = new Hono<AppEnv>()
    .get('/', validate('query', AdminFranchiseListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const [rows, [total]] = await Promise.all([
        selectFranchises(db, q).limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count() }).from(franchise).where(franchiseWhere(q)),
      ]);
      const tags = await tagsOf(
        db,
        rows.map((r) => r.franchise.id),
      );
      return c.json({
        franchises: rows.map((r) => toRow(r, tags.get(r.franchise.id))),
        total: total?.n ?? 0,
        page: q.page,
        limit: q.limit,
      });
    })
    .get('/:id', async (c) => c.json(await detail(c.req.param('id'))))
    .post('/', async (c) => {
      const admin = requireUser(c);
      const body = await readAdminBody(c);
      const input = parseInput(AdminFranchiseCreateSchema, body.fields);
      const files = await checkedFiles(body.files);
      const id = crypto.randomUUID();
      await db.insert(franchise).values({ id, company: input.company, activatedBy: admin.id });
      try {
        await deps.profiles.writeFranchiseAsAdmin(id, admin.id, franchisePatchOf(input), files);
      } catch (error) {
        await db.delete(franchise).where(eq(franchise.id, id));
        throw error;
      }
      const created = await mustFind(id);
      await recordAudit(db, now(), {
        actorId: admin.id,
        action: 'franchise.create',
        entityType: 'franchise',
        entityId: id,
        before: null,
        after: snapshot(created),
      });
      return c.json(await detail(id), 201);
    })
    .patch('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      const body = await readAdminBody(c);
      const input = parseInput(AdminFranchiseUpdateSchema, body.fields);
      const files = await checkedFiles(body.files);
      const patch = franchisePatchOf(input);
      const touches =
        Object.values(patch).some((x) => x !== undefined) || files.logo || files.photos.length;
      if (touches) await deps.profiles.writeFranchiseAsAdmin(before.id, admin.id, patch, files);
      const flags: Partial<Pick<FranchiseRow, 'isDeactivated' | 'status' | 'isActivated'>> = {};
      if (input.isDeactivated !== undefined) {
        flags.isDeactivated = input.isDeactivated;
        // Activating a franchise makes it Activated (§4); deactivating keeps the record of it.
        if (!input.isDeactivated) flags.isActivated = true;
      }
      if (input.status !== undefined) flags.status = input.status;
      if (Object.keys(flags).length > 0) {
        await db
          .update(franchise)
          .set({ ...flags, ...(flags.isActivated ? { activatedBy: admin.id } : {}) })
          .where(eq(franchise.id, before.id));
      }
      const after = await mustFind(before.id);
      const action =
        input.isDeactivated !== undefined
          ? input.isDeactivated
            ? 'franchise.deactivate'
            : 'franchise.activate'
          : input.status !== undefined && !touches
            ? input.status
              ? 'franchise.show'
              : 'franchise.hide'
            : 'franchise.update';
      await recordAudit(db, now(), {
        actorId: admin.id,
        action,
        entityType: 'franchise',
        entityId: before.id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return c.json(await detail(before.id));
    })
    .delete('/:id', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      const members = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.franchiseId, before.id));
      await db.transaction(async (tx) => {
        // Members stay as accounts; they simply belong to no franchise any more.
        await tx.update(user).set({ franchiseId: null }).where(eq(user.franchiseId, before.id));
        await tx
          .update(franchise)
          .set({ isDeleted: true, status: false, billingContactUserId: null })
          .where(eq(franchise.id, before.id));
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: 'franchise.delete',
          entityType: 'franchise',
          entityId: before.id,
          before: snapshot(before),
          after: null,
        });
      });
      // Out of the franchise, out of its rooms (a meeting in progress included).
      for (const m of members) await deps.realtime.disconnectUser(m.id);
      return c.json({ ok: true as const });
    })
    .patch('/:id/billing-address', async (c) => {
      const admin = requireUser(c);
      const before = await mustFind(c.req.param('id'));
      const { email } = parseInput(AdminBillingAddressInputSchema, await c.req.json()) as {
        email: string;
      };
      const memberId = await setBillingContact(db, before.id, email, {
        field: 'email',
        notMember: 'The billing contact must be a franchisor of this franchise',
      });
      await recordAudit(db, now(), {
        actorId: admin.id,
        action: 'franchise.billing-address',
        entityType: 'franchise',
        entityId: before.id,
        before: { billingContactUserId: before.billingContactUserId },
        after: { billingContactUserId: memberId },
      });
      return c.json(await detail(before.id));
    });

  /** `POST admin/franchisors/{franchisorId}/add/{franchiseId}`: moves a franchisor user. */
  const addExisting = new Hono<AppEnv>().post('/:franchisorId/add/:franchiseId', async (c) => {
    const admin = requireUser(c);
    const target = await mustFind(c.req.param('franchiseId'));
    const member = await db.query.user.findFirst({
      where: and(
        eq(user.id, c.req.param('franchisorId')),
        eq(user.role, 'franchisor'),
        eq(user.isDeleted, false),
      ),
    });
    if (!member) throw new AppError('NOT_FOUND');
    if (member.franchiseId !== target.id) {
      await db.transaction(async (tx) => {
        // The former franchise keeps a billing contact: its earliest remaining member.
        await handOverBillingContact(tx, member.franchiseId, member.id);
        await tx.update(user).set({ franchiseId: target.id }).where(eq(user.id, member.id));
        if (!target.billingContactUserId) {
          await tx
            .update(franchise)
            .set({ billingContactUserId: member.id })
            .where(eq(franchise.id, target.id));
        }
        await recordAudit(tx, now(), {
          actorId: admin.id,
          action: 'user.move-franchise',
          entityType: 'user',
          entityId: member.id,
          before: { franchiseId: member.franchiseId },
          after: { franchiseId: target.id },
        });
      });
      // Moved out of their former franchise: out of its rooms too.
      if (member.franchiseId) await deps.realtime.disconnectUser(member.id);
    }
    return c.json(await detail(target.id));
  });

  /** `GET admin/payment-methods/{franchiseId}`. */
  const paymentMethods = new Hono<AppEnv>().get('/:id', async (c) => {
    const f = await mustFind(c.req.param('id'));
    const rows = await db
      .select()
      .from(paymentMethod)
      .where(eq(paymentMethod.franchiseId, f.id))
      .orderBy(desc(paymentMethod.isDefault), asc(paymentMethod.createdAt));
    return c.json({ data: rows.map(toPaymentMethod) });
  });

  return { franchises, addExisting, paymentMethods, detail };
}
