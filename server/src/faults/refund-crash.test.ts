import type { Dispute } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserOf } from '../auth/session.ts';
import { user } from '../db/schema/index.ts';
import { createDisputeService } from '../features/disputes/service.ts';
import { chargedMeeting, disputeRecords, openDispute } from '../features/disputes/test-fixtures.ts';
import { unbalancedTransactions } from '../payments/ledger.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { createRefunds, refundKey } from '../payments/refunds.ts';
import { ok, signInAdmin } from '../payments/test-fixtures.ts';
import { finished, killWhenPaused, spawnRun } from '../testing/charge-runs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Rule 20: a dispute's refund goes back through the provider exactly once — decided again after a
 * crash between the provider's answer and our record (in its own process, SIGKILLed there), raced
 * by several decisions at once, retried after a failure — with one refund transaction in the
 * ledger, one decision in the audit trail and one notice to each side.
 */

let server: TestServer;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  await signInAdmin(server);
  const admin = await server.container.db.select().from(user).where(eq(user.role, 'admin')).get();
  adminId = admin?.id ?? '';
}, 60_000);
afterAll(() => server.close());

async function disputed() {
  const parts = await chargedMeeting(server);
  const d = await ok<Dispute>(openDispute(server, parts.f.token, parts.m.id));
  return { ...parts, dispute: d };
}

/** What the ledger, the provider's records and the notices hold for one dispute. */
const recordsOf = (d: Dispute) => disputeRecords(server.container.db, d);

const decideInProcess = (d: Dispute, env: Record<string, string>) =>
  spawnRun('server/src/payments/refunds-process.ts', {
    DATABASE_URL: server.container.env.DATABASE_URL,
    DISPUTE_ID: d.id,
    ADMIN_ID: adminId,
    ...env,
  });

describe('rule 20: a refund happens once under crashes, races and retries', () => {
  it('SIGKILLed after the provider refunded but before recording, then decided again: one refund, of the first amount', async () => {
    const { dispute: d } = await disputed();
    const killed = decideInProcess(d, {
      DECISION: 'partial_refund',
      REFUND_CENTS: '15000',
      PAUSE: '1',
    });
    await killWhenPaused(killed);
    const half = await recordsOf(d);
    expect(half.refunds).toHaveLength(0);
    expect(half.attempts.map((a) => [a.state, a.amountCents])).toEqual([['started', 15_000]]);
    expect(half.row?.status).toBe('open');
    // Decided again (as a full refund this time): the refund started is the one completed.
    const again = await finished(decideInProcess(d, { DECISION: 'full_refund' }));
    expect(again).toMatchObject({ status: 'partially_refunded', refundCents: 15_000 });
    const after = await recordsOf(d);
    expect(after.refunds).toHaveLength(1);
    expect(after.attempts.map((a) => [a.state, a.amountCents])).toEqual([['succeeded', 15_000]]);
    expect(after.refunds[0]?.providerReference).toBe(after.attempts[0]?.reference);
    expect(after.refunded).toBe(15_000);
    expect(after.decided).toHaveLength(2);
    expect(after.audits.map((a) => a.action)).toEqual(['dispute.partially_refunded']);
    expect(await unbalancedTransactions(server.container.db)).toEqual([]);
  }, 120_000);

  it('a failure after the provider answered, then three decisions at once: one refund at the provider', async () => {
    const { dispute: d } = await disputed();
    const { container } = server;
    const provider = container.payments.provider;
    const calls: { key: string; amountCents: number }[] = [];
    const counting: PaymentProvider = {
      ...provider,
      refund: async (input) => {
        calls.push({ key: input.idempotencyKey, amountCents: input.amountCents });
        return provider.refund(input);
      },
    };
    const ctx = { ...container, provider: counting };
    const disputes = createDisputeService({ ctx, refunds: createRefunds(ctx) });
    const admin = await container.db.select().from(user).where(eq(user.id, adminId)).get();
    if (!admin) throw new Error('no admin');
    const who = sessionUserOf(admin);
    await expect(
      disputes.decide(
        who,
        d.id,
        { decision: 'full_refund' },
        {
          afterProviderCall: () => {
            throw new Error('connection lost');
          },
        },
      ),
    ).rejects.toThrow('connection lost');
    const outcomes = await Promise.allSettled([
      disputes.decide(who, d.id, { decision: 'full_refund' }),
      disputes.decide(who, d.id, { decision: 'full_refund' }),
      disputes.decide(who, d.id, { decision: 'partial_refund', refundCents: 100 }),
    ]);
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    // Every call the provider saw is the same refund: one key, one amount.
    expect(new Set(calls.map((c) => `${c.key} ${c.amountCents}`))).toEqual(
      new Set([`${refundKey(d.paymentId)} 40000`]),
    );
    const after = await recordsOf(d);
    expect(after.row).toMatchObject({ status: 'refunded', refundCents: 40_000 });
    expect(after.refunds).toHaveLength(1);
    expect(after.refunded).toBe(40_000);
    expect(after.decided).toHaveLength(2);
    expect(after.audits).toHaveLength(1);
    // Decided: a later call changes nothing and says so.
    await expect(disputes.decide(who, d.id, { decision: 'reject' })).rejects.toMatchObject({
      code: 'DISPUTE_DECIDED',
    });
    expect(await unbalancedTransactions(container.db)).toEqual([]);
  });

  it('a refund left unrecorded is read back from the provider and completed, not made again, even a day later', async () => {
    const { dispute: d } = await disputed();
    const { container } = server;
    const provider = container.payments.provider;
    const calls: string[] = [];
    let now = container.now();
    const counting: PaymentProvider = {
      ...provider,
      refund: async (input) => {
        calls.push(input.idempotencyKey);
        return provider.refund(input);
      },
    };
    const ctx = { ...container, provider: counting, now: () => now };
    const disputes = createDisputeService({ ctx, refunds: createRefunds(ctx) });
    const admin = await container.db.select().from(user).where(eq(user.id, adminId)).get();
    if (!admin) throw new Error('no admin');
    const who = sessionUserOf(admin);
    const crash = {
      afterProviderCall: () => {
        throw new Error('connection lost');
      },
    };
    await expect(disputes.decide(who, d.id, { decision: 'full_refund' }, crash)).rejects.toThrow(
      'connection lost',
    );
    now = new Date(now.getTime() + 25 * 3_600_000);
    await expect(
      disputes.decide(who, d.id, { decision: 'partial_refund', refundCents: 100 }),
    ).resolves.toMatchObject({ status: 'refunded', refundCents: 40_000 });
    expect(calls).toEqual([refundKey(d.paymentId)]);
    const after = await recordsOf(d);
    expect(after.refunds).toHaveLength(1);
    expect(after.attempts.map((a) => a.state)).toEqual(['succeeded']);
    expect(after.refunds[0]?.providerReference).toBe(after.attempts[0]?.reference);
    expect(after.audits).toHaveLength(1);
  });
});
