import { alias } from 'drizzle-orm/sqlite-core';
import { user } from './schema/index.ts';

/**
 * The two parties of a meeting or a payment as user rows a query joins (`consultant_user`,
 * `franchisor_user`): one alias each, so every query showing both names joins them alike.
 * @example db.select({ first: consultantUser.firstName }).from(meeting).innerJoin(consultantUser, eq(consultantUser.id, meeting.consultantId));
 */
export const consultantUser = alias(user, 'consultant_user');
export const franchisorUser = alias(user, 'franchisor_user');

/** A party as the lists of meetings show them: who, how to reach them, and their photo. */
function partyColumns<U extends typeof consultantUser | typeof franchisorUser>(u: U) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    profilePhoto: u.profilePhoto,
  };
}

/** The consultant's columns of a meeting list (join {@link consultantUser}). */
export const CONSULTANT_PARTY_COLUMNS = partyColumns(consultantUser);
/** The franchisor's columns of a meeting list (join {@link franchisorUser}). */
export const FRANCHISOR_PARTY_COLUMNS = partyColumns(franchisorUser);
