import { buildAdminData } from './admin-data.ts';
import { buildChargeRuns } from './charge-runs.ts';
import { buildConsultants, credentialRow } from './consultants.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { buildDisputes } from './disputes.ts';
import { buildFranchises } from './franchises.ts';
import { buildMeetings } from './meetings.ts';
import { buildPayouts } from './payouts.ts';
import { DAY_MS, emailRegistry, SEED_EPOCH, seedId } from './random.ts';
import { buildSocial } from './social.ts';
import { type DemoData, emptyDemoData } from './tables.ts';

/** Ids of the three demo sign-ins (stable across reseeds). */
export const DEMO_USER_IDS = {
  franchisor: seedId('user', 'demo-franchisor'),
  consultant: seedId('user', 'demo-consultant'),
  admin: seedId('user', 'demo-admin'),
} as const;

/**
 * The whole demo marketplace of rule 3 as rows, without touching a database. Pure and deterministic:
 * the same `now` gives the same rows (only `passwordHash`, salted, differs between runs). Accounts,
 * franchises and their history hang off the fixed `SEED_EPOCH`; meetings, chats, notifications,
 * subscriptions and invitations are placed around `now` (past three months, next two).
 * @example const data = buildDemoData({ now: new Date(), passwordHash: await hashPassword(DEMO_PASSWORD) });
 */
export function buildDemoData(options: {
  now: Date;
  passwordHash: string;
  /** The id of an existing user with the demo admin's e-mail (then the demo admin is not added). */
  existingAdminId?: string | undefined;
}): DemoData {
  const { now, passwordHash } = options;
  const adminId = options.existingAdminId ?? DEMO_USER_IDS.admin;
  const data = emptyDemoData();
  const email = emailRegistry();

  const admin = DEMO_ACCOUNTS.admin;
  email('admin', 'example.com');
  if (!options.existingAdminId) {
    const at = new Date(SEED_EPOCH.getTime() - 300 * DAY_MS);
    data.user.push({
      id: DEMO_USER_IDS.admin,
      name: `${admin.firstName} ${admin.lastName}`,
      email: admin.email,
      emailVerified: true,
      role: 'admin',
      firstName: admin.firstName,
      lastName: admin.lastName,
      isVerified: true,
      ageConfirmedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    data.account.push(credentialRow(DEMO_USER_IDS.admin, passwordHash, at));
  }

  const consultants = buildConsultants(data, { now, passwordHash, email });
  const franchisors = buildFranchises(data, {
    now,
    passwordHash,
    email,
    adminId,
  });
  const meetings = buildMeetings(data, {
    now,
    consultants,
    franchisors,
    demoConsultantId: DEMO_USER_IDS.consultant,
    demoFranchisorId: DEMO_USER_IDS.franchisor,
  });
  buildDisputes(data, { now, meetings, demoFranchisorId: DEMO_USER_IDS.franchisor });
  buildPayouts(data, { now });
  buildChargeRuns(data, { now, meetings });
  buildSocial(data, {
    now,
    meetings,
    demoUserIds: new Set([DEMO_USER_IDS.consultant, DEMO_USER_IDS.franchisor]),
  });
  buildAdminData(data, { now, adminId, franchisors, consultants });
  return data;
}
