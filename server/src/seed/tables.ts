import {
  account,
  availabilitySettings,
  availabilityWindow,
  brandName,
  chat,
  chatParticipant,
  consultantGroup,
  consultantIndustry,
  consultantProfile,
  consultantRegion,
  dispute,
  disputeMessage,
  favorite,
  franchise,
  franchiseCategory,
  franchiseCommission,
  franchiseState,
  jobRun,
  ledgerEntry,
  ledgerTransaction,
  meeting,
  meetingSlot,
  message,
  notification,
  payment,
  paymentMethod,
  payout,
  promoCode,
  promotion,
  providerAttempt,
  review,
  subscription,
  supportRequest,
  user,
  userRequest,
} from '../db/schema/index.ts';

/**
 * Every table the demo fills, in insertion order: parents before children. (`franchise` and `user`
 * point at each other — billing contact and membership — so the seed defers foreign-key checks to
 * the commit.)
 */
export const SEED_TABLES = {
  franchise,
  user,
  account,
  consultantProfile,
  consultantIndustry,
  consultantRegion,
  consultantGroup,
  availabilitySettings,
  availabilityWindow,
  favorite,
  franchiseCategory,
  franchiseState,
  franchiseCommission,
  promoCode,
  paymentMethod,
  subscription,
  meeting,
  meetingSlot,
  review,
  payment,
  ledgerTransaction,
  ledgerEntry,
  payout,
  providerAttempt,
  jobRun,
  chat,
  chatParticipant,
  message,
  notification,
  dispute,
  disputeMessage,
  promotion,
  brandName,
  supportRequest,
  userRequest,
} as const;

export type SeedTables = typeof SEED_TABLES;
export type SeedTableName = keyof SeedTables;

/** The rows of the demo marketplace, table by table, ready to insert. */
export type DemoData = { [K in SeedTableName]: SeedTables[K]['$inferInsert'][] };

export type Row<K extends SeedTableName> = DemoData[K][number];

export function emptyDemoData(): DemoData {
  return Object.fromEntries(
    Object.keys(SEED_TABLES).map((name) => [name, []]),
  ) as unknown as DemoData;
}
