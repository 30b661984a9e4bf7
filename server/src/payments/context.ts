import type { Db } from '../db/client.ts';
import type { Logger } from '../http/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import type { PaymentProvider } from './provider.ts';

/** What every payments service needs; passed in, never imported (a clock included). */
export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** Pushes the notifications money events create to their owners' rooms (rule 12). */
  realtime: RealtimePublisher;
}
