import { API_KEY_TEXT } from '@fm/sdk/contracts';
import { ApiKeyManager } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminApi } from '../../api/client.ts';
import { errorMessage, serverMessageOr } from '../../api/error-message.ts';

/**
 * Franchise Details → API keys (rule 18): admins list, create and revoke any franchise's
 * publishable embed keys and secret API keys, with the kit's key manager.
 */
export function FranchiseApiKeys({ franchiseId }: { franchiseId: string }) {
  const id = useId();
  const calls = adminApi.franchiseApiKeys(franchiseId);
  const keys = useQuery({
    queryKey: ['franchise', franchiseId, 'api-keys'],
    queryFn: () => calls.list(),
  });
  return (
    <section className="card detail-section" aria-labelledby={`${id}-title`}>
      <h2 className="detail-section__title" id={`${id}-title`}>
        {API_KEY_TEXT.section}
      </h2>
      <ApiKeyManager
        keys={keys.data}
        loadError={keys.isError ? errorMessage(keys.error) : null}
        create={(input) => calls.create(input)}
        revoke={(key) => calls.revoke(key)}
        onChanged={() => void keys.refetch()}
        failureText={serverMessageOr}
        headingLevel={3}
      />
    </section>
  );
}
