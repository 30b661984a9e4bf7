import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { id, instant, timestamps } from './columns.ts';

export const promotion = sqliteTable(
  'promotion',
  {
    id: id(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    effect: text('effect', { enum: ['Price', 'Gift'] }).notNull(),
    affected: text('affected', { enum: ['Franchise', 'Consultant'] }).notNull(),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [index('promotion_status_idx').on(t.status, t.startDate, t.endDate)],
);

/** Company brand names requested by users at registration, approved by admins. */
export const brandName = sqliteTable(
  'brand_name',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userRegisteredName: text('user_registered_name'),
    userRegisteredEmail: text('user_registered_email'),
    ...timestamps,
  },
  (t) => [index('brand_name_status_idx').on(t.status, t.createdAt)],
);

export const supportRequest = sqliteTable(
  'support_request',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['user', 'company'] }).notNull(),
    email: text('email').notNull(),
    details: text('details').notNull(),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('support_request_created_idx').on(t.createdAt)],
);

/** User requests (admin Requests page; the spec shows no fields, so these are ours). */
export const userRequest = sqliteTable(
  'user_request',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    details: text('details'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    ...timestamps,
  },
  (t) => [index('user_request_status_idx').on(t.status, t.createdAt)],
);
