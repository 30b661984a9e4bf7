import type { FranchisorListItem } from '@fm/sdk/contracts';
import type { franchise, user } from '../../db/schema/index.ts';
import { centsToDollars } from '../../money/cents.ts';

/** The franchise columns a franchise card shows (money in cents, as stored). */
export type FranchiseCardRow = Pick<
  typeof franchise.$inferSelect,
  | 'id'
  | 'company'
  | 'logo'
  | 'country'
  | 'minNetWorthCents'
  | 'cashRequiredMinCents'
  | 'cashRequiredMaxCents'
  | 'franchiseFeeCents'
  | 'franchisedUnits'
  | 'established'
  | 'sbaEligible'
  | 'e2VisaFriendly'
  | 'veteranDiscount'
  | 'homeBased'
  | 'absenteeModel'
  | 'semiAbsenteeModel'
  | 'b2b'
  | 'masterFranchiseOpportunities'
>;

/** The franchisor user a card is represented by. */
export type FranchiseCardPerson = Pick<
  typeof user.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'profilePhoto'
>;

/**
 * A franchise card from the franchise's row, its representative, and the parts read beside the
 * row (the overview, its category and state rows); money in dollars.
 * @example const card = franchiseCardOf(person, row, { overview: null, categories: [], statesRegisteredIn: [] });
 */
export function franchiseCardOf(
  person: FranchiseCardPerson,
  row: FranchiseCardRow,
  parts: Pick<FranchisorListItem['franchise'], 'overview' | 'categories' | 'statesRegisteredIn'>,
): Omit<FranchisorListItem, 'isFavorite'> {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    profilePhoto: person.profilePhoto,
    franchise: {
      id: row.id,
      company: row.company,
      logo: row.logo,
      country: row.country,
      overview: parts.overview,
      categories: parts.categories,
      statesRegisteredIn: parts.statesRegisteredIn,
      minNetWorth: centsToDollars(row.minNetWorthCents),
      cashRequiredMin: centsToDollars(row.cashRequiredMinCents),
      cashRequiredMax: centsToDollars(row.cashRequiredMaxCents),
      franchiseFee: centsToDollars(row.franchiseFeeCents),
      franchisedUnits: row.franchisedUnits,
      established: row.established,
      sbaEligible: row.sbaEligible,
      e2VisaFriendly: row.e2VisaFriendly,
      veteranDiscount: row.veteranDiscount,
      homeBased: row.homeBased,
      absenteeModel: row.absenteeModel,
      semiAbsenteeModel: row.semiAbsenteeModel,
      b2b: row.b2b,
      masterFranchiseOpportunities: row.masterFranchiseOpportunities,
    },
  };
}
