import { type ApiClient, fetchConfig, type SlotHoldsWatch, watchSlotHolds } from '@fm/sdk/embed';

/**
 * The booking modal's slot-holds socket (rule 20), in a module of its own so that the modal
 * imports it after its first render: the socket code is not part of the modal's first bytes (P5,
 * decision 017).
 *
 * @example
 * const { openSlotHolds } = await import('./slot-hold-channel.ts');
 * const holds = openSlotHolds(api, consultantId, () => true);
 */
export function openSlotHolds(
  api: ApiClient,
  consultantId: string,
  active: () => boolean,
): SlotHoldsWatch {
  return watchSlotHolds({ client: { config: () => fetchConfig(api.http) }, consultantId, active });
}
