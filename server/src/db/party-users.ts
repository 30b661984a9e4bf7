import { alias } from 'drizzle-orm/sqlite-core';
import { user } from './schema/index.ts';

/**
 * The two parties of a meeting or a payment as user rows a query joins (`consultant_user`,
 * `franchisor_user`): one alias each, so every query showing both names joins them alike.
 * @example db.select({ first: consultantUser.firstName }).from(meeting).innerJoin(consultantUser, eq(consultantUser.id, meeting.consultantId));
 */
export const consultantUser = alias(user, 'consultant_user');
export const franchisorUser = alias(user, 'franchisor_user');
