import { API_KEY_TEXT, WEBHOOK_TEXT } from '@fm/sdk/contracts';
import { ApiKeyManager, WebhookEndpointManager } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '../../shared/api-client.ts';
import { errorMessage, failureOf } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { useSession } from '../../shared/session.ts';
import { useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE } from './my-profile-sections.ts';

/** The kind choices in the franchisor's own words (the admin's screen speaks of "the brand's"). */
const KIND_CHOICES = {
  publishable: 'Publishable key (your website)',
  secret: 'Secret key (your servers)',
} as const;

/** Failures read as the SDK words them ("Error creating webhook endpoint: …"). */
const failureText = (error: unknown) => errorMessage(error);

/**
 * `/my-profile/developers`: a franchisor's API keys (rule 18) and webhook endpoints (rule 21); a
 * consultant's own webhook endpoints (rule 21; API keys are the franchise's). Publishable keys
 * (with the origins allowed to embed) and secret keys (with scopes, shown once) are created and
 * revoked here; failures read as the SDK words them ("Error creating API key: …").
 */
export function DevelopersPage() {
  const id = useId();
  const session = useSession();
  const franchisor = session?.role === 'franchisor';
  const { zone } = useUserTimeZone();
  return (
    <PageShell title={API_KEY_TEXT.title} backTo={BACK_TO_PROFILE} className="developers">
      {franchisor ? <p className="page__text">{API_KEY_TEXT.intro}</p> : null}
      <p className="page__text">
        The API reference is at <a href="/api/docs">/api/docs</a>.
      </p>
      {franchisor ? <ApiKeys /> : null}
      <section className="webhooks-section" aria-labelledby={`${id}-webhooks`}>
        <h2 id={`${id}-webhooks`} className="webhooks__title">
          {WEBHOOK_TEXT.section}
        </h2>
        <WebhookEndpointManager webhooks={api.webhooks} failureText={failureText} timeZone={zone} />
      </section>
    </PageShell>
  );
}

/** A franchisor's API keys, with the kit's key manager. */
function ApiKeys() {
  const query = useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => api.apiKeys.list() });
  return (
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
  );
}
