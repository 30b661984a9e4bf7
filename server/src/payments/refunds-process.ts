/**
 * An admin's dispute decision in its own process, for the refund fault tests (rule 20):
 * `node --import tsx refunds-process.ts` with `DATABASE_URL`, `DISPUTE_ID`, `ADMIN_ID`,
 * `DECISION` (`full_refund` or `partial_refund`), `REFUND_CENTS` and optional `PAUSE=1` (after the
 * provider answered the refund, print `PAUSED` and hang before recording it — where a SIGKILL
 * hurts most). Prints the decided dispute as one JSON line. Test-only.
 */
import { eq } from 'drizzle-orm';
import { sessionUserOf } from '../auth/session.ts';
import { user } from '../db/schema/index.ts';
import { createDisputeService } from '../features/disputes/service.ts';
import { finishRun, openRunContainer } from '../testing/run-container.ts';

const { container, database } = await openRunContainer();
const admin = await container.db
  .select()
  .from(user)
  .where(eq(user.id, process.env.ADMIN_ID ?? ''))
  .get();
if (!admin) throw new Error('ADMIN_ID names no user');
const disputes = createDisputeService({
  ctx: { ...container, provider: container.payments.provider },
  refunds: container.payments.refunds,
});
const decision = process.env.DECISION === 'partial_refund' ? 'partial_refund' : 'full_refund';
const outcome = await disputes.decide(
  sessionUserOf(admin),
  process.env.DISPUTE_ID ?? '',
  { decision, refundCents: Number(process.env.REFUND_CENTS ?? 0) },
  {
    afterProviderCall: async () => {
      if (process.env.PAUSE !== '1') return;
      process.stdout.write('PAUSED\n');
      await new Promise(() => {});
    },
  },
);
finishRun(outcome, database);
