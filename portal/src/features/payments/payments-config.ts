import type { ClientConfig } from '@fm/sdk/contracts';
import { api } from '../../shared/api-client.ts';

export type PaymentsConfig = NonNullable<ClientConfig['payments']>;

let loaded: Promise<PaymentsConfig> | null = null;

/**
 * How this server takes cards (`GET /api/config`): Stripe Elements with a publishable key, or the
 * built-in provider's test cards. Read once per page load; a failed read is tried again next time.
 * @example const { provider } = await paymentsConfig();
 */
export function paymentsConfig(): Promise<PaymentsConfig> {
  if (!loaded) {
    loaded = api
      .config()
      .then((config) => config.payments ?? { provider: 'ledger' as const, publishableKey: null });
    loaded.catch(() => {
      loaded = null;
    });
  }
  return loaded;
}
