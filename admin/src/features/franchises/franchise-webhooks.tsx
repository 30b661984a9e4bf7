import { WEBHOOK_TEXT } from '@fm/sdk/contracts';
import { WebhookEndpointManager } from '@fm/widgets/kit';
import { useId, useMemo } from 'react';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';

/**
 * Franchise Details → Webhooks (rule 21): admins list, add, test, rotate, enable or disable and
 * delete any franchise's webhook endpoints, and read and replay their deliveries, with the kit's
 * endpoint manager. Times show in the admin's zone (the control panel sets it before its screens).
 */
export function FranchiseWebhooks({ franchiseId }: { franchiseId: string }) {
  const id = useId();
  // One set of calls per franchise: the manager reads again when its calls change.
  const calls = useMemo(() => adminApi.franchiseWebhooks(franchiseId), [franchiseId]);
  return (
    <section className="card detail-section" aria-labelledby={`${id}-title`}>
      <h2 className="detail-section__title" id={`${id}-title`}>
        {WEBHOOK_TEXT.section}
      </h2>
      <WebhookEndpointManager webhooks={calls} failureText={serverMessageOr} />
    </section>
  );
}
