import { API_KEY_TEXT } from '@fm/sdk/contracts';
import { ApiKeyManager } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api-client.ts';
import { errorMessage, failureOf } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE } from './my-profile-sections.ts';

/** The kind choices in the franchisor's own words (the admin's screen speaks of "the brand's"). */
const KIND_CHOICES = {
  publishable: 'Publishable key (your website)',
  secret: 'Secret key (your servers)',
} as const;

/**
 * `/my-profile/developers` (rule 18): a franchisor's API keys, with the kit's key manager.
 * Publishable keys (with the origins allowed to embed) and secret keys (with scopes, shown once)
 * are created and revoked here; failures read as the SDK words them ("Error creating API key: …").
 */
export function DevelopersPage() {
  const query = useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => api.apiKeys.list() });
  return (
    <PageShell title={API_KEY_TEXT.title} backTo={BACK_TO_PROFILE} className="developers">
      <p className="page__text">{API_KEY_TEXT.intro}</p>
      <p className="page__text">
        The API reference is at <a href="/api/docs">/api/docs</a>.
      </p>
      <ApiKeyManager
        keys={query.data}
        loadError={failureOf(query)}
        create={(input) => api.apiKeys.create(input)}
        revoke={(id) => api.apiKeys.revoke(id)}
        onChanged={() => void query.refetch()}
        failureText={(error) => errorMessage(error)}
        headingLevel={2}
        failureIn="form"
        groupByKind
        kindChoices={KIND_CHOICES}
      />
    </PageShell>
  );
}
