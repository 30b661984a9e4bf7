import {
  AdminBookingsDownloadQuerySchema,
  AdminBrandNamesDownloadQuerySchema,
  AdminConsultantsDownloadQuerySchema,
  AdminFranchisesDownloadQuerySchema,
  AdminPaymentsDownloadQuerySchema,
  CSV_COLUMNS,
} from '@fm/sdk/contracts';
import { asc, desc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../auth/session.ts';
import { csvDollars, csvFile, csvTable } from '../../csv/csv-file.ts';
import type { Db } from '../../db/client.ts';
import { brandName, meeting } from '../../db/schema/index.ts';
import { validate } from '../../http/validate.ts';
import { derivedStatus } from '../booking/meeting-view.ts';
import { brandNameWhere } from './brand-names.ts';
import { consultantDisplayStatus } from './display-status.ts';
import { selectFranchises, subscriptionLabel } from './franchises.ts';
import { paymentsOrder, paymentWhere, selectPayments } from './payments.ts';
import { meetingCents, selectSessions, sessionWhere } from './sessions.ts';
import { selectUsers, tagsOf } from './user-reads.ts';

/**
 * `GET /api/admin/{consultants,franchises,bookings,payments,brand-names}/download` (rule 17): the rows
 * the matching list filters, every page, as `{fileName, file}` (base64 of a UTF-8 CSV).
 */
export function adminDownloadRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  return new Hono<AppEnv>()
    .get(
      '/consultants/download',
      validate('query', AdminConsultantsDownloadQuerySchema),
      async (c) => {
        const q = { ...c.req.valid('query'), role: 'consultant' as const };
        const rows = await selectUsers(db, q);
        const tags = await tagsOf(
          db,
          rows.map((r) => r.user.id),
        );
        const csv = csvTable(
          CSV_COLUMNS.consultants,
          rows.map((r) => ({
            id: r.user.id,
            firstName: r.user.firstName,
            lastName: r.user.lastName,
            email: r.user.email,
            phone: r.user.phone,
            company: r.company,
            country: r.country,
            stateProvince: r.stateProvince,
            city: r.city,
            rate: csvDollars(r.rateCents),
            experienceLevel: r.experienceLevel,
            industries: (tags.get(r.user.id)?.industries ?? []).join('; '),
            regions: (tags.get(r.user.id)?.regions ?? []).join('; '),
            status: consultantDisplayStatus(r.user),
            verified: r.user.isVerified,
            createdAt: r.user.createdAt,
          })),
        );
        return c.json(csvFile('consultants', csv, now()));
      },
    )
    .get(
      '/franchises/download',
      validate('query', AdminFranchisesDownloadQuerySchema),
      async (c) => {
        const rows = await selectFranchises(db, c.req.valid('query'));
        const csv = csvTable(
          CSV_COLUMNS.franchises,
          rows.map(({ franchise: f, billingEmail, members }) => ({
            id: f.id,
            name: f.company,
            status: f.isActivated && !f.isDeactivated ? 'Activated' : 'Inactive',
            subscription: subscriptionLabel(f.stripeSubscriptionStatus),
            country: f.country,
            members: Number(members),
            billingContactEmail: billingEmail,
            investmentMin: csvDollars(f.cashRequiredMinCents),
            investmentMax: csvDollars(f.cashRequiredMaxCents),
            franchiseFee: csvDollars(f.franchiseFeeCents),
            createdAt: f.createdAt,
          })),
        );
        return c.json(csvFile('franchises', csv, now()));
      },
    )
    .get('/bookings/download', validate('query', AdminBookingsDownloadQuerySchema), async (c) => {
      const at = now();
      const rows = await selectSessions(db)
        .where(sessionWhere(c.req.valid('query'), at))
        .orderBy(desc(meeting.startAt), asc(meeting.id));
      const csv = csvTable(
        CSV_COLUMNS.bookings,
        rows.map((r) => ({
          id: r.meeting.id,
          start: r.meeting.startAt,
          duration: r.meeting.durationMinutes,
          status: derivedStatus(r.meeting, at),
          consultant: `${r.consultant.firstName} ${r.consultant.lastName}`.trim(),
          consultantEmail: r.consultant.email,
          franchise: r.franchiseCompany,
          amount: csvDollars(meetingCents(r.meeting)),
          isPaid: r.meeting.isPaid,
          completedAt: r.meeting.markedAsCompletedAt,
        })),
      );
      return c.json(csvFile('bookings', csv, at));
    })
    .get('/payments/download', validate('query', AdminPaymentsDownloadQuerySchema), async (c) => {
      const rows = await selectPayments(db)
        .where(paymentWhere(c.req.valid('query')))
        .orderBy(...paymentsOrder());
      const csv = csvTable(
        CSV_COLUMNS.payments,
        rows.map((r) => ({
          id: r.payment.id,
          meetingStart: new Date(Number(r.start)),
          franchise: r.company,
          consultant: `${r.consultant.firstName} ${r.consultant.lastName}`.trim(),
          amount: csvDollars(r.payment.amountCents),
          meetingStatus: r.payment.status,
          isPaid: r.payment.isPaid,
        })),
      );
      return c.json(csvFile('payments', csv, now()));
    })
    .get(
      '/brand-names/download',
      validate('query', AdminBrandNamesDownloadQuerySchema),
      async (c) => {
        const rows = await db
          .select()
          .from(brandName)
          .where(brandNameWhere(c.req.valid('query')))
          .orderBy(desc(brandName.createdAt), asc(brandName.id));
        const csv = csvTable(
          CSV_COLUMNS.brandNames,
          rows.map((b) => ({
            name: b.name,
            status: b.status,
            userRegisteredName: b.userRegisteredName,
            userRegisteredEmail: b.userRegisteredEmail,
            createdAt: b.createdAt,
            updatedAt: b.updatedAt,
          })),
        );
        return c.json(csvFile('company_brands', csv, now()));
      },
    );
}
