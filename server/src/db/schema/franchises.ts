import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { bool, cents, id, instant, requiredRef, timestamps } from './columns.ts';

/** A franchise brand (the franchisor company). Its members are `user` rows with `franchise_id`. */
export const franchise = sqliteTable(
  'franchise',
  {
    id: id(),
    company: text('company').notNull(),
    logo: text('logo'),
    country: text('country', { enum: ['USA', 'Canada'] }),
    established: integer('established'),
    startedFranchising: integer('started_franchising'),
    franchisedUnits: integer('franchised_units'),
    corporateUnits: integer('corporate_units'),
    franchisesInCanada: bool('franchises_in_canada'),
    otherInternationalFranchises: bool('other_international_franchises'),
    overview: text('overview'),
    email: text('email'),
    phone: text('phone'),
    workPhone: text('work_phone'),
    corporateAddress: text('corporate_address'),
    corporateWebsite: text('corporate_website'),
    minNetWorthCents: cents('min_net_worth_cents'),
    cashRequiredMinCents: cents('cash_required_min_cents'),
    cashRequiredMaxCents: cents('cash_required_max_cents'),
    franchiseFeeCents: cents('franchise_fee_cents'),
    /** Percentages in basis points (5.5 % = 550) so that no float is stored. */
    royaltyBp: integer('royalty_bp'),
    adFeeBp: integer('ad_fee_bp'),
    avgNumberOfStaff: integer('avg_number_of_staff'),
    specialDiscountPrograms: text('special_discount_programs'),
    item19: bool('item19'),
    visaCandidates: bool('visa_candidates'),
    absenteeModel: bool('absentee_model'),
    semiAbsenteeModel: bool('semi_absentee_model'),
    b2b: bool('b2b'),
    homeBased: bool('home_based'),
    masterFranchiseOpportunities: bool('master_franchise_opportunities'),
    veteranDiscount: bool('veteran_discount'),
    sbaEligible: bool('sba_eligible'),
    e2VisaFriendly: bool('e2_visa_friendly'),
    financialAssistance: bool('financial_assistance'),
    siteSelectionAssistance: bool('site_selection_assistance'),
    leaseNegotiationAssistance: bool('lease_negotiation_assistance'),
    recruitmentAssistance: bool('recruitment_assistance'),
    coopAdvertising: bool('coop_advertising'),
    training: text('training'),
    dayInTheLifeOfTheOwner: text('day_in_the_life_of_the_owner'),
    whoIsAnIdealCandidate: text('who_is_an_ideal_candidate'),
    /** Registration draft figures (user-area §3 defaults). */
    averageRevenue: integer('average_revenue').notNull().default(10),
    minInitialInvestment: integer('min_initial_investment').notNull().default(0),
    maxInitialInvestment: integer('max_initial_investment').notNull().default(1000),
    primaryPaymentMethodId: text('primary_payment_method_id'),
    stripeSubscriptionStatus: text('stripe_subscription_status', {
      enum: ['active', 'trialing', 'canceled'],
    }),
    providerCustomerId: text('provider_customer_id'),
    isActivated: bool('is_activated').notNull().default(false),
    isDeactivated: bool('is_deactivated').notNull().default(false),
    isDeleted: bool('is_deleted').notNull().default(false),
    /** Visible in search; false means hidden. */
    status: bool('status').notNull().default(true),
    activatedBy: text('activated_by'),
    /** The one billing contact (user-area §5: any franchisor of the franchise, only one). */
    billingContactUserId: text('billing_contact_user_id').references(
      (): AnySQLiteColumn => user.id,
      {
        onDelete: 'set null',
      },
    ),
    ...timestamps,
  },
  (t) => [
    index('franchise_company_idx').on(t.company),
    index('franchise_visible_idx').on(t.isDeleted, t.isDeactivated, t.status, t.country),
    index('franchise_cash_idx').on(t.cashRequiredMinCents, t.cashRequiredMaxCents),
    // The AI search's change check reads max(updated_at) every second.
    index('franchise_updated_idx').on(t.updatedAt),
    // The admin dashboard's subscribed franchises: two seeks instead of 20,000 rows (bench A1).
    index('franchise_subscription_idx').on(t.stripeSubscriptionStatus, t.isDeleted),
  ],
);

export const franchiseCategory = sqliteTable(
  'franchise_category',
  {
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.franchiseId, t.category] }),
    index('franchise_category_idx').on(t.category, t.franchiseId),
  ],
);

export const franchiseState = sqliteTable(
  'franchise_state',
  {
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    stateCode: text('state_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.franchiseId, t.stateCode] }),
    index('franchise_state_idx').on(t.stateCode, t.franchiseId),
  ],
);

export const franchisePhoto = sqliteTable(
  'franchise_photo',
  {
    id: id(),
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('franchise_photo_idx').on(t.franchiseId, t.position)],
);

/** Referral fees: domestic and international commissions, each per kind (singleUnit, veteran, …). */
export const franchiseCommission = sqliteTable(
  'franchise_commission',
  {
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['domestic', 'international'] }).notNull(),
    kind: text('kind', {
      enum: ['singleUnit', 'veteran', 'areaMaster', 'resale', 'multipleUnit'],
    }).notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.scope, t.kind] })],
);

/** A franchisor's documents and FDD files (visible to signed-in users only). */
export const franchiseDocument = sqliteTable(
  'franchise_document',
  {
    id: id(),
    franchiseId: requiredRef('franchise_id', () => franchise.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['document', 'fdd'] }).notNull(),
    name: text('name').notNull(),
    uploadId: text('upload_id').notNull(),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('franchise_document_idx').on(t.franchiseId, t.kind)],
);
