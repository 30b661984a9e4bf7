import { ApiError, isApiError, operationText } from '@fm/sdk';
import {
  API_KEY_SCOPE_VALUES,
  API_KEY_SCOPES,
  API_KEY_TEXT,
  type ApiKey,
  type ApiKeyKind,
  type ApiKeyScope,
  type CreateApiKeyInput,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
} from '@fm/sdk/contracts';
import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { formatDateTime } from '../format/format.ts';
import { FormAlert } from '../forms/fields.tsx';
import { SecretShownOnce } from '../secrets/secret-shown-once.tsx';
import { type Column, DataTable } from '../table/data-table.tsx';
import { toast } from '../toasts.tsx';

export interface ApiKeyManagerProps {
  /** The franchise's keys, newest first; `undefined` while the first load runs. */
  keys: readonly ApiKey[] | undefined;
  /** Why the list could not be loaded, if it could not. */
  loadError?: string | null;
  create: (input: CreateApiKeyInput) => Promise<CreatedApiKey>;
  revoke: (id: string) => Promise<unknown>;
  /** After a create or a revoke: the owner reloads the list. */
  onChanged: () => void;
  /**
   * The failure toast's text for a failed call (the app's rule, e.g. the server's message or the
   * given fallback).
   */
  failureText: (error: unknown, fallback: string) => string;
  /** The level of the section headings: 2 on a page of its own, 3 inside a detail page. */
  headingLevel?: 2 | 3;
  /**
   * Where a failed create is told: a toast (default; input the contract refuses shows only at its
   * fields), or an alert inside the form that also names refused input, in the SDK's
   * `'{operation}: {message}'` words when `failureText` gives them (the portal's Developers page).
   */
  failureIn?: 'toast' | 'form';
  /**
   * One table per kind (captioned "Publishable keys" and "Secret keys", without the Kind column)
   * instead of one "API keys" table.
   */
  groupByKind?: boolean;
  /** The kind choices' labels, e.g. in the owner's own words ("your website"). */
  kindChoices?: Readonly<Record<ApiKeyKind, string>>;
}

const fieldName = (path: string) => path.split('.')[0] ?? path;

/**
 * The input the contract refuses, as the SDK itself would refuse it before sending: an `ApiError`
 * (400 `VALIDATION_FAILED`) whose `errors` are keyed by top-level field (`allowedOrigins.0` →
 * `allowedOrigins`); `null` when the input is valid.
 */
function refusedInput(input: CreateApiKeyInput): ApiError | null {
  const result = v.safeParse(CreateApiKeyInputSchema, input);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    errors[fieldName(v.getDotPath(issue) ?? 'form')] ??= issue.message;
  }
  return new ApiError({
    operation: 'createApiKey',
    operationText: operationText('createApiKey'),
    status: 400,
    code: 'VALIDATION_FAILED',
    serverMessage: result.issues[0].message,
    errors,
  });
}

/** A failure's field messages, keyed by top-level field. */
function fieldErrors(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (isApiError(error) && error.errors) {
    for (const [field, message] of Object.entries(error.errors)) {
      byField[fieldName(field)] ??= message;
    }
  }
  return byField;
}

/**
 * A franchise's API keys (rule 18): the list of publishable and secret keys (name, kind, key prefix,
 * allowed origins or scopes, created, last used, revoked), a form to create either kind (the
 * secret shown once, with a copy button and a warning) and revoke after a confirmation. Data
 * comes from the owner, so the same piece serves the admin's franchise page and any other screen
 * that manages keys.
 *
 * @example
 * ```tsx
 * <ApiKeyManager keys={keys.data} create={(input) => api.apiKeys.create(input)}
 *   revoke={(key) => api.apiKeys.revoke(key)} onChanged={keys.refetch}
 *   failureText={serverMessageOr} headingLevel={3} />
 * ```
 */
export function ApiKeyManager(props: ApiKeyManagerProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState(false);
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';

  const revoke = async () => {
    if (!toRevoke) return;
    setRevoking(true);
    try {
      await props.revoke(toRevoke.id);
      toast.success(API_KEY_TEXT.revokedToast);
      if (created?.id === toRevoke.id) setCreated(null);
      props.onChanged();
    } catch (error) {
      toast.error(props.failureText(error, API_KEY_TEXT.revokeFailed));
    } finally {
      setRevoking(false);
      setToRevoke(null);
    }
  };

  const columns = (only?: ApiKeyKind): Column<ApiKey>[] => [
    { key: 'name', header: API_KEY_TEXT.name, cell: (k) => k.name },
    ...(only
      ? []
      : [
          {
            key: 'kind',
            header: API_KEY_TEXT.kind,
            cell: (k: ApiKey) => API_KEY_TEXT.kinds[k.kind],
          },
        ]),
    {
      key: 'key',
      header: API_KEY_TEXT.key,
      cell: (k) => <code className="api-keys__key">{k.publishableKey ?? k.prefix}</code>,
    },
    {
      key: 'access',
      header:
        only === 'publishable'
          ? API_KEY_TEXT.origins
          : only === 'secret'
            ? API_KEY_TEXT.scopes
            : API_KEY_TEXT.access,
      cell: (k) => (
        <ul className="api-keys__access">
          {(k.kind === 'publishable' ? k.allowedOrigins : k.scopes).map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'created', header: API_KEY_TEXT.createdAt, cell: (k) => formatDateTime(k.createdAt) },
    {
      key: 'lastUsed',
      header: API_KEY_TEXT.lastUsed,
      cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : API_KEY_TEXT.never),
    },
    {
      key: 'status',
      header: API_KEY_TEXT.status,
      cell: (k) =>
        k.revokedAt ? (
          <span>
            {API_KEY_TEXT.revoked} {formatDateTime(k.revokedAt)}
          </span>
        ) : k.creatorLeft ? (
          <span className="api-keys__stopped">
            {API_KEY_TEXT.creatorLeft}{' '}
            <button
              type="button"
              className="button button--ghost"
              disabled={revoking}
              onClick={() => setToRevoke(k)}
            >
              {API_KEY_TEXT.revoke}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            disabled={revoking}
            onClick={() => setToRevoke(k)}
            aria-label={`${API_KEY_TEXT.revoke} ${k.name}`}
          >
            {API_KEY_TEXT.revoke}
          </button>
        ),
    },
  ];

  return (
    <div className="api-keys">
      {props.loadError ? <FormAlert message={props.loadError} /> : null}
      {props.groupByKind ? (
        (['publishable', 'secret'] as const).map((kind) => (
          <DataTable
            key={kind}
            caption={
              kind === 'publishable' ? API_KEY_TEXT.publishableTitle : API_KEY_TEXT.secretTitle
            }
            showCaption
            columns={columns(kind)}
            rows={props.keys?.filter((k) => k.kind === kind) ?? []}
            rowKey={(k) => k.id}
            loading={props.keys === undefined && !props.loadError}
            emptyText={API_KEY_TEXT.empty}
          />
        ))
      ) : (
        <DataTable
          caption={API_KEY_TEXT.section}
          columns={columns()}
          rows={props.keys ?? []}
          rowKey={(k) => k.id}
          loading={props.keys === undefined && !props.loadError}
          emptyText={API_KEY_TEXT.empty}
        />
      )}
      {created?.kind === 'secret' ? (
        <SecretShownOnce
          title={created.name}
          value={created.key}
          text={{ ...API_KEY_TEXT, label: API_KEY_TEXT.secretKey }}
          heading={Heading}
          onDone={() => setCreated(null)}
          testId="new-secret-key"
        />
      ) : null}
      <CreateKeyForm
        heading={Heading}
        create={props.create}
        failureText={props.failureText}
        failureIn={props.failureIn ?? 'toast'}
        kindChoices={props.kindChoices ?? API_KEY_TEXT.kindChoices}
        onCreated={(key) => {
          setCreated(key);
          toast.success(API_KEY_TEXT.created);
          props.onChanged();
        }}
      />
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title={`${API_KEY_TEXT.revoke} ${toRevoke?.name ?? ''}`}
        confirmLabel={API_KEY_TEXT.revoke}
        danger
        pending={revoking}
        onConfirm={() => void revoke()}
      >
        {API_KEY_TEXT.revokeConfirm}
      </ConfirmDialog>
    </div>
  );
}

function CreateKeyForm(props: {
  heading: 'h2' | 'h3';
  create: (input: CreateApiKeyInput) => Promise<CreatedApiKey>;
  failureText: (error: unknown, fallback: string) => string;
  failureIn: 'toast' | 'form';
  kindChoices: Readonly<Record<ApiKeyKind, string>>;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const id = useId();
  const Heading = props.heading;
  const [kind, setKind] = useState<ApiKeyKind>('publishable');
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['meetings:read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const fail = (error: unknown, refusedHere: boolean) => {
    setErrors(fieldErrors(error));
    const text = props.failureText(error, API_KEY_TEXT.createFailed);
    if (props.failureIn === 'form') setFormError(text);
    else if (!refusedHere) toast.error(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: CreateApiKeyInput =
      kind === 'publishable'
        ? { kind, name, allowedOrigins: origins.split(/[\s,]+/).filter(Boolean) }
        : { kind, name, scopes };
    const refused = refusedInput(input);
    if (refused) {
      fail(refused, true);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      props.onCreated(await props.create(input));
      setName('');
      setOrigins('');
    } catch (error) {
      fail(error, false);
    } finally {
      setPending(false);
    }
  };

  const errorId = (field: string) => `${id}-${field}-error`;
  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field__error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="api-keys__create" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="api-keys__title">
        {API_KEY_TEXT.create}
      </Heading>
      <form
        className="form"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <fieldset className="field">
          <legend className="field__label">{API_KEY_TEXT.kind}</legend>
          {(['publishable', 'secret'] as const).map((k) => (
            <label key={k} className="field__check">
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setErrors({});
                  setFormError(null);
                }}
              />{' '}
              {props.kindChoices[k]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {API_KEY_TEXT.name}
          </label>
          <input
            id={`${id}-name`}
            className="field__input"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            aria-required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? errorId('name') : undefined}
          />
          {fieldError('name')}
        </div>
        {kind === 'publishable' ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-origins`}>
              {API_KEY_TEXT.origins}
            </label>
            <textarea
              id={`${id}-origins`}
              className="field__input"
              rows={3}
              value={origins}
              onChange={(e) => setOrigins(e.target.value)}
              aria-required
              aria-invalid={errors.allowedOrigins ? true : undefined}
              aria-describedby={`${id}-origins-hint${errors.allowedOrigins ? ` ${errorId('allowedOrigins')}` : ''}`}
            />
            <p className="field__hint" id={`${id}-origins-hint`}>
              {API_KEY_TEXT.originsHelp}
            </p>
            {fieldError('allowedOrigins')}
          </div>
        ) : (
          <fieldset
            className="field"
            aria-describedby={errors.scopes ? errorId('scopes') : undefined}
          >
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
        <FormAlert message={formError} />
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          aria-busy={pending}
        >
          {API_KEY_TEXT.create}
        </button>
      </form>
    </section>
  );
}
