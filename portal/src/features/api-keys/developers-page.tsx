import { isApiError } from '@fm/sdk';
import {
  API_KEY_SCOPE_VALUES,
  API_KEY_SCOPES,
  API_KEY_TEXT,
  type ApiKey,
  type ApiKeyKind,
  type ApiKeyScope,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@fm/sdk/contracts';
import { ConfirmDialog } from '@fm/widgets/kit';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../app/api-client.ts';
import { BACK_TO_PROFILE } from '../../pages/my-profile/my-profile-sections.ts';
import { PageShell } from '../../pages/page-shell.tsx';
import { dataOf, errorMessage, useAsync } from '../payments/use-async.ts';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : API_KEY_TEXT.never;

/**
 * `/my-profile/developers` (D18, issue 13): a franchisor's API keys. Publishable keys (with the
 * origins allowed to embed) and secret keys (with scopes, shown once) are created and revoked here.
 */
export function DevelopersPage() {
  const [state, reload] = useAsync('api-keys', () => api.apiKeys.list());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = dataOf(state) ?? [];

  const revoke = async () => {
    if (!toRevoke) return;
    setBusy(true);
    try {
      await api.apiKeys.revoke(toRevoke.id);
      toast.success(API_KEY_TEXT.revokedToast);
      if (created?.id === toRevoke.id) setCreated(null);
      reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
      setToRevoke(null);
    }
  };

  return (
    <PageShell title={API_KEY_TEXT.title} backTo={BACK_TO_PROFILE} className="developers">
      <p className="page__text">{API_KEY_TEXT.intro}</p>
      <p className="page__text">
        The API reference is at <a href="/api/docs">/api/docs</a>.
      </p>
      {state.status === 'error' ? (
        <div className="form-alert" role="alert">
          <p>{state.message}</p>
        </div>
      ) : null}
      {created?.kind === 'secret' ? (
        <ShownOnce created={created} onDone={() => setCreated(null)} />
      ) : null}
      <CreateKeyForm
        onCreated={(key) => {
          setCreated(key);
          toast.success(API_KEY_TEXT.created);
          reload();
        }}
      />
      {state.status === 'loading' && dataOf(state) === null ? (
        <p className="page__status" role="status">
          Loading your keys…
        </p>
      ) : (
        <>
          <KeyList kind="publishable" keys={keys} onRevoke={setToRevoke} busy={busy} />
          <KeyList kind="secret" keys={keys} onRevoke={setToRevoke} busy={busy} />
        </>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title={`${API_KEY_TEXT.revoke} ${toRevoke?.name ?? ''}`}
        confirmLabel={API_KEY_TEXT.revoke}
        danger
        pending={busy}
        onConfirm={() => void revoke()}
      >
        {API_KEY_TEXT.revokeConfirm}
      </ConfirmDialog>
    </PageShell>
  );
}

/** The secret, this once, with a copy button. */
function ShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  return (
    <section className="payments-card" aria-labelledby={`${id}-title`} data-testid="new-secret-key">
      <h2 id={`${id}-title`} className="payments-card__title">
        {created.name}
      </h2>
      <p className="page__text" role="status">
        {API_KEY_TEXT.shownOnce}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          Secret key
        </label>
        <input
          id={`${id}-key`}
          className="field__input"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <button
        type="button"
        className="button button--ghost"
        onClick={() =>
          void navigator.clipboard?.writeText(created.key).then(() => toast.success('Copied'))
        }
      >
        Copy
      </button>{' '}
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const id = useId();
  const [kind, setKind] = useState<ApiKeyKind>('secret');
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['meetings:read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const input: CreateApiKeyInput =
      kind === 'publishable'
        ? { kind, name, allowedOrigins: origins.split(/[\s,]+/).filter(Boolean) }
        : { kind, name, scopes };
    setPending(true);
    try {
      onCreated(await api.apiKeys.create(input));
      setName('');
      setOrigins('');
    } catch (error) {
      if (isApiError(error) && error.errors) {
        // `allowedOrigins.0` → the origins field.
        const byField: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.errors)) {
          byField[field.split('.')[0] ?? field] ??= message;
        }
        setErrors(byField);
      }
      setFormError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <section className="payments-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="payments-card__title">
        {API_KEY_TEXT.create}
      </h2>
      <form aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="field">
          <legend className="field__label">Key type</legend>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'secret'}
              onChange={() => setKind('secret')}
            />{' '}
            Secret key (your servers)
          </label>{' '}
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'publishable'}
              onChange={() => setKind('publishable')}
            />{' '}
            Publishable key (your website)
          </label>
        </fieldset>
        <div className="field" data-invalid={errors.name ? '' : undefined}>
          <label className="field__label" htmlFor={`${id}-name`}>
            {API_KEY_TEXT.name}
          </label>
          <input
            id={`${id}-name`}
            className="field__input"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        {kind === 'publishable' ? (
          <div className="field" data-invalid={errors.allowedOrigins ? '' : undefined}>
            <label className="field__label" htmlFor={`${id}-origins`}>
              {API_KEY_TEXT.origins}
            </label>
            <textarea
              id={`${id}-origins`}
              className="field__input"
              rows={3}
              value={origins}
              onChange={(e) => setOrigins(e.target.value)}
              aria-invalid={errors.allowedOrigins ? true : undefined}
              aria-describedby={`${id}-origins-hint${errors.allowedOrigins ? ` ${id}-allowedOrigins-error` : ''}`}
            />
            <p className="field__hint" id={`${id}-origins-hint`}>
              {API_KEY_TEXT.originsHelp}
            </p>
            {fieldError('allowedOrigins')}
          </div>
        ) : (
          <fieldset className="field" aria-describedby={describedBy('scopes')}>
            <legend className="field__label">{API_KEY_TEXT.scopes}</legend>
            {API_KEY_SCOPE_VALUES.map((scope) => (
              <label key={scope} className="field__check">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes((current) =>
                      e.target.checked ? [...current, scope] : current.filter((s) => s !== scope),
                    )
                  }
                />{' '}
                <code>{scope}</code> — {API_KEY_SCOPES[scope]}
              </label>
            ))}
            {fieldError('scopes')}
          </fieldset>
        )}
        {formError ? (
          <div className="form-alert" role="alert">
            {formError}
          </div>
        ) : null}
        <button type="submit" className="button" disabled={pending}>
          {API_KEY_TEXT.create}
        </button>
      </form>
    </section>
  );
}

function KeyList(props: {
  kind: ApiKeyKind;
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
  busy: boolean;
}) {
  const id = useId();
  const keys = props.keys.filter((k) => k.kind === props.kind);
  const title = props.kind === 'secret' ? API_KEY_TEXT.secretTitle : API_KEY_TEXT.publishableTitle;
  return (
    <section className="payments-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="payments-card__title">
        {title}
      </h2>
      {keys.length === 0 ? (
        <p className="page__text">{API_KEY_TEXT.empty}</p>
      ) : (
        <table className="data-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{API_KEY_TEXT.name}</th>
              <th scope="col">Key</th>
              <th scope="col">
                {props.kind === 'secret' ? API_KEY_TEXT.scopes : API_KEY_TEXT.origins}
              </th>
              <th scope="col">{API_KEY_TEXT.lastUsed}</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-testid="api-key-row">
                <th scope="row">{key.name}</th>
                <td>
                  <code>{key.publishableKey ?? key.prefix}</code>
                </td>
                <td>{(props.kind === 'secret' ? key.scopes : key.allowedOrigins).join(', ')}</td>
                <td>{when(key.lastUsedAt)}</td>
                <td>
                  {key.revokedAt ? (
                    <span className="badge">{API_KEY_TEXT.revoked}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={props.busy}
                      onClick={() => props.onRevoke(key)}
                      aria-label={`${API_KEY_TEXT.revoke} ${key.name}`}
                    >
                      {API_KEY_TEXT.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
