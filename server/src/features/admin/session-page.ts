import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { consultantUser, franchisorUser } from '../../db/party-users.ts';
import { apiKey, franchise, meeting, review, user } from '../../db/schema/index.ts';

const instant = v.pipe(
  v.number(),
  v.transform((ms) => new Date(ms)),
);
const text = v.string();
const maybeText = v.nullable(v.string());

/** One row of the page as the statement writes it, read back into the list's row shape. */
const PageRowSchema = v.object({
  meeting: v.object({
    id: text,
    startAt: instant,
    endAt: instant,
    durationMinutes: v.number(),
    status: v.picklist(['future', 'pending', 'completed', 'declined']),
    rateCents: v.number(),
    paidAmountCents: v.number(),
    isPaid: v.pipe(
      v.number(),
      v.transform((n) => n !== 0),
    ),
    markedAsCompletedAt: v.nullable(instant),
    createdAt: instant,
    updatedAt: instant,
    franchiseId: maybeText,
    apiKeyId: maybeText,
  }),
  consultant: v.object({
    id: text,
    firstName: text,
    lastName: text,
    email: text,
    profilePhoto: maybeText,
  }),
  franchisor: v.object({ id: text, firstName: text, lastName: text, email: text }),
  franchiseCompany: maybeText,
  franchiseLogo: maybeText,
  apiKeyName: maybeText,
  apiKeyKind: v.nullable(v.picklist(['publishable', 'secret'])),
  reviews: v.array(v.object({ rating: v.number(), comment: maybeText })),
});
const PageSchema = v.array(PageRowSchema);
export type SessionPageRow = v.InferOutput<typeof PageRowSchema>;

/**
 * The page statement up to its WHERE, rendered to text once: it has no parameters, and drizzle
 * would otherwise rebuild its ~60 column references on every request.
 */
const pageHead = (() => {
  const m = meeting;
  const c = consultantUser;
  const b = franchisorUser;
  // `json()` keeps the reviews an array inside the object (a subquery's value is plain text).
  const reviews = sql`json(coalesce((select json_group_array(json_object(
      'rating', ${review.rating}, 'comment', ${review.comment})
      order by ${review.createdAt}, ${review}.rowid)
    from ${review} where ${review.meetingId} = ${m.id}), '[]'))`;
  return sql`
    select json_group_array(json_object(
      'meeting', json_object(
        'id', ${m.id}, 'startAt', ${m.startAt}, 'endAt', ${m.endAt},
        'durationMinutes', ${m.durationMinutes}, 'status', ${m.status},
        'rateCents', ${m.rateCents}, 'paidAmountCents', ${m.paidAmountCents},
        'isPaid', ${m.isPaid}, 'markedAsCompletedAt', ${m.markedAsCompletedAt},
        'createdAt', ${m.createdAt}, 'updatedAt', ${m.updatedAt},
        'franchiseId', ${m.franchiseId}, 'apiKeyId', ${m.apiKeyId}),
      'consultant', json_object('id', ${c.id}, 'firstName', ${c.firstName},
        'lastName', ${c.lastName}, 'email', ${c.email}, 'profilePhoto', ${c.profilePhoto}),
      'franchisor', json_object('id', ${b.id}, 'firstName', ${b.firstName},
        'lastName', ${b.lastName}, 'email', ${b.email}),
      'franchiseCompany', ${franchise.company}, 'franchiseLogo', ${franchise.logo},
      'apiKeyName', ${apiKey.name}, 'apiKeyKind', ${apiKey.kind},
      'reviews', ${reviews})
      order by ${m.startAt} desc, ${m.id} desc) as page
    from ${m}
    join ${user} ${c} on ${c.id} = ${m.consultantId}
    join ${user} ${b} on ${b.id} = ${m.franchisorId}
    left join ${franchise} on ${franchise.id} = ${m.franchiseId}
    left join ${apiKey} on ${apiKey.id} = ${m.apiKeyId}`;
})();
const pageHeadText = sql.raw(new SQLiteAsyncDialect().sqlToQuery(pageHead).sql);

/**
 * The bookings list's page: the meetings of `ids` (a list, or a statement selecting them) with
 * their consultant, booker, franchise, key and reviews, newest start first.
 *
 * SQLite writes the whole page as one JSON text, parsed once here: through libSQL every column of
 * every row costs a conversion in JavaScript, and a page of ten meetings with their people and
 * reviews as 32 columns cost ~10× the SQL that finds them (decision 019).
 */
export async function readSessionPage(
  db: Db,
  ids: string[] | SQLWrapper,
): Promise<SessionPageRow[]> {
  if (Array.isArray(ids) && ids.length === 0) return [];
  const [row] = await db.all<{ page: string | null }>(
    sql`${pageHeadText} where ${inArray(meeting.id, ids)}`,
  );
  return v.parse(PageSchema, JSON.parse(row?.page ?? '[]'));
}
