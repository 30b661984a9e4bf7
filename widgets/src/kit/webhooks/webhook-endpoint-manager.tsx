import type { WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_OPERATIONS,
  WEBHOOK_TEXT,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@fm/sdk/contracts';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { formatDateTime } from '../format/format.ts';
import { LoadStatus } from '../load-status/load-status.tsx';
import { SecretShownOnce } from '../secrets/secret-shown-once.tsx';
import { toast } from '../toasts.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormDialog, type EndpointFormDialogProps } from './endpoint-form-dialog.tsx';
import { SendTestDialog } from './send-test-dialog.tsx';

export interface WebhookEndpointManagerProps {
  /**
   * The calls: the signed-in owner's (`api.webhooks`) or one franchise's
   * (`admin.franchiseWebhooks(id)`, kept with `useMemo`): a new object reads the list again.
   */
  webhooks: WebhooksApi;
  /** The failure toast's text of a failed call (the app's rule: the SDK's words, or the fallback). */
  failureText: (error: unknown, fallback: string) => string;
  /** The level of each endpoint's heading: 3 under a section's h2 (default), 4 deeper. */
  headingLevel?: 3 | 4;
  /** The zone times show in (rule 20: the user's); the viewer's zone when not given. */
  timeZone?: string | undefined;
  /** A secret shown from the start (a story); otherwise only after a create or a rotation. */
  initialSecret?: WebhookEndpointWithSecret;
  /** The add dialog open from the start, with this input and these messages (a story). */
  initialAdd?: Pick<EndpointFormDialogProps, 'initial' | 'initialErrors'>;
  /** The edit dialog open from the start on this endpoint, with this input and these messages (a story). */
  initialEdit?: { endpoint: WebhookEndpoint } & Pick<
    EndpointFormDialogProps,
    'initial' | 'initialErrors'
  >;
  /** A delivery shown open from the start (a story). */
  initiallyExpanded?: string;
}

type Confirming = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint } | null;

/**
 * Webhook endpoints (rule 21), for a franchise or a consultant: each endpoint (URL, events,
 * description, Enabled or Disabled and why) with Send test event, Edit, Rotate secret,
 * Enable/Disable and Delete, and its delivery log; "Add endpoint" opens the form, and "Edit" the
 * same form filled with the endpoint (only what changed is sent). A new signing secret (`whsec_…`) is
 * shown once, with Copy, after a create or a rotation. The calls come from the owner, so the
 * portal's Developers page and the control panel's franchise page share it.
 *
 * @example
 * ```tsx
 * <WebhookEndpointManager webhooks={api.webhooks} failureText={(e) => errorMessage(e)} timeZone={zone} />
 * ```
 */
export function WebhookEndpointManager(props: WebhookEndpointManagerProps) {
  const { webhooks } = props;
  // The owner's words for a failure, as they are now (an inline function does not read again).
  const failureRef = useRef(props.failureText);
  failureRef.current = props.failureText;
  const failureText = useCallback(
    (error: unknown, fallback: string) => failureRef.current(error, fallback),
    [],
  );
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [adding, setAdding] = useState(props.initialAdd !== undefined);
  // The endpoint edited stays while its dialog closes; `editOpen` says whether it shows.
  const [editing, setEditing] = useState<WebhookEndpoint | null>(
    props.initialEdit?.endpoint ?? null,
  );
  const [editOpen, setEditOpen] = useState(props.initialEdit !== undefined);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(
    props.initialSecret ?? null,
  );
  const [testing, setTesting] = useState<WebhookEndpoint | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [sent, setSent] = useState<Record<string, number>>({});
  const Heading = props.headingLevel === 4 ? 'h4' : 'h3';

  const reload = useCallback(() => setReads((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads asks for a new read
  useEffect(() => {
    let current = true;
    setLoadError(null);
    webhooks.list().then(
      (list) => {
        if (current) setEndpoints(list);
      },
      (error: unknown) => {
        if (current) setLoadError(failureText(error, WEBHOOK_OPERATIONS.fetchWebhookEndpoints));
      },
    );
    return () => {
      current = false;
    };
  }, [webhooks, reads]);

  const setEnabled = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    setBusy(endpoint.id);
    try {
      const updated = await webhooks.update(endpoint.id, { enabled });
      setEndpoints((list) => list?.map((e) => (e.id === updated.id ? updated : e)));
      toast.success(WEBHOOK_TEXT.updated);
    } catch (error) {
      toast.error(failureText(error, WEBHOOK_OPERATIONS.updateWebhookEndpoint));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!confirming) return;
    const { kind, endpoint } = confirming;
    setBusy(endpoint.id);
    try {
      if (kind === 'delete') {
        await webhooks.remove(endpoint.id);
        setEndpoints((list) => list?.filter((e) => e.id !== endpoint.id));
        if (secret?.id === endpoint.id) setSecret(null);
        toast.success(WEBHOOK_TEXT.deleted);
      } else {
        const rotated = await webhooks.rotateSecret(endpoint.id);
        setSecret(rotated);
        setEndpoints((list) =>
          list?.map((e) => (e.id === rotated.id ? withoutSecret(rotated) : e)),
        );
        toast.success(WEBHOOK_TEXT.rotated);
      }
    } catch (error) {
      toast.error(
        failureText(
          error,
          kind === 'delete'
            ? WEBHOOK_OPERATIONS.deleteWebhookEndpoint
            : WEBHOOK_OPERATIONS.rotateWebhookSecret,
        ),
      );
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  return (
    <div className="webhooks">
      <p className="webhooks__intro">{WEBHOOK_TEXT.intro}</p>
      <div className="webhooks__bar">
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          {WEBHOOK_TEXT.add}
        </button>
      </div>
      {secret ? (
        <SecretShownOnce
          title={secret.url}
          value={secret.secret}
          text={{
            shownOnce: WEBHOOK_TEXT.secretShownOnce,
            label: WEBHOOK_TEXT.secretTitle,
            copy: WEBHOOK_TEXT.copy,
            copied: WEBHOOK_TEXT.copied,
            copyFailed: WEBHOOK_TEXT.copyFailed,
            done: WEBHOOK_TEXT.done,
          }}
          heading={Heading}
          onDone={() => setSecret(null)}
          testId="new-webhook-secret"
        />
      ) : null}
      <LoadStatus
        pending={endpoints === undefined}
        error={loadError}
        onRetry={reload}
        loadingText={WEBHOOK_TEXT.loading}
      />
      {endpoints?.length === 0 ? <p className="webhooks__empty">{WEBHOOK_TEXT.empty}</p> : null}
      {endpoints && endpoints.length > 0 ? (
        <ul className="webhooks__list">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard
                endpoint={endpoint}
                heading={Heading}
                busy={busy === endpoint.id}
                timeZone={props.timeZone}
                onTest={() => setTesting(endpoint)}
                onEdit={() => {
                  setEditing(endpoint);
                  setEditOpen(true);
                }}
                onRotate={() => setConfirming({ kind: 'rotate', endpoint })}
                onToggle={() => void setEnabled(endpoint, !endpoint.enabled)}
                onDelete={() => setConfirming({ kind: 'delete', endpoint })}
              >
                <DeliveryLog
                  endpointId={endpoint.id}
                  deliveries={webhooks.deliveries}
                  replay={webhooks.replay}
                  failureText={failureText}
                  timeZone={props.timeZone}
                  refreshKey={sent[endpoint.id] ?? 0}
                  {...(props.initiallyExpanded
                    ? { initiallyExpanded: props.initiallyExpanded }
                    : {})}
                />
              </EndpointCard>
            </li>
          ))}
        </ul>
      ) : null}
      <EndpointFormDialog
        open={adding}
        onOpenChange={setAdding}
        failureText={failureText}
        {...props.initialAdd}
        mode={{
          kind: 'add',
          create: webhooks.create,
          onCreated: (created) => {
            setAdding(false);
            setSecret(created);
            setEndpoints((list) => [...(list ?? []), withoutSecret(created)]);
            toast.success(WEBHOOK_TEXT.created);
          },
        }}
      />
      {editing ? (
        <EndpointFormDialog
          open={editOpen}
          onOpenChange={setEditOpen}
          failureText={failureText}
          {...(props.initialEdit?.endpoint.id === editing.id
            ? { initial: props.initialEdit.initial, initialErrors: props.initialEdit.initialErrors }
            : {})}
          mode={{
            kind: 'edit',
            endpoint: editing,
            update: webhooks.update,
            onUpdated: (updated) => {
              setEditOpen(false);
              setEditing(updated);
              setEndpoints((list) => list?.map((e) => (e.id === updated.id ? updated : e)));
              toast.success(WEBHOOK_TEXT.updated);
              reload();
            },
          }}
        />
      ) : null}
      <SendTestDialog
        endpoint={testing}
        onClose={() => setTesting(null)}
        sendTest={webhooks.sendTest}
        failureText={failureText}
        onSent={(delivery) => {
          setTesting(null);
          setSent((counts) => ({
            ...counts,
            [delivery.endpointId]: (counts[delivery.endpointId] ?? 0) + 1,
          }));
          toast.success(WEBHOOK_TEXT.testSent);
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming?.kind === 'rotate' ? WEBHOOK_TEXT.rotate : WEBHOOK_TEXT.delete}
        confirmLabel={confirming?.kind === 'rotate' ? WEBHOOK_TEXT.rotate : WEBHOOK_TEXT.delete}
        danger={confirming?.kind !== 'rotate'}
        pending={busy !== null}
        onConfirm={() => void confirm()}
      >
        {confirming?.kind === 'rotate' ? WEBHOOK_TEXT.rotateConfirm : WEBHOOK_TEXT.deleteConfirm}
      </ConfirmDialog>
    </div>
  );
}

/** The endpoint of a create or a rotation, as the list keeps it: without its secret. */
function withoutSecret({
  secret: _secret,
  ...endpoint
}: WebhookEndpointWithSecret): WebhookEndpoint {
  return endpoint;
}

/**
 * One endpoint: what it is, its actions, and (as children) its delivery log.
 *
 * @example
 * <EndpointCard endpoint={endpoint} heading="h3" busy={false} onTest={test} onEdit={edit}
 *   onRotate={rotate} onToggle={toggle} onDelete={remove}>{log}</EndpointCard>
 */
export function EndpointCard(props: {
  endpoint: WebhookEndpoint;
  heading: 'h3' | 'h4';
  busy: boolean;
  timeZone?: string | undefined;
  onTest: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onToggle: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const { endpoint } = props;
  const Heading = props.heading;
  return (
    <article className="webhooks__endpoint" aria-labelledby={`${id}-url`}>
      <div className="webhooks__head">
        <Heading id={`${id}-url`} className="webhooks__url">
          {endpoint.url}
        </Heading>
        <span
          className={`kit-status kit-status--${endpoint.enabled ? 'success' : endpoint.disabledReason ? 'danger' : 'neutral'}`}
        >
          {endpoint.enabled ? WEBHOOK_TEXT.enabled : WEBHOOK_TEXT.disabled}
        </span>
      </div>
      {endpoint.disabledReason ? (
        <p className="webhooks__reason">{endpoint.disabledReason}</p>
      ) : null}
      {endpoint.description ? (
        <p className="webhooks__description">{endpoint.description}</p>
      ) : null}
      <dl className="webhooks__facts">
        <div>
          <dt>{WEBHOOK_TEXT.events}</dt>
          <dd>
            <ul className="kit-tags">
              {endpoint.events.map((type) => (
                <li key={type} className="kit-tag" title={WEBHOOK_EVENTS[type]}>
                  {type}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{WEBHOOK_TEXT.secretTitle}</dt>
          <dd>
            <code>{endpoint.secretPrefix}…</code>
            {endpoint.previousSecretExpiresAt ? (
              <span className="webhooks__previous">
                {' '}
                {WEBHOOK_TEXT.previousSecretUntil}{' '}
                {formatDateTime(endpoint.previousSecretExpiresAt, props.timeZone)}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <div className="webhooks__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={props.busy}
          onClick={props.onTest}
        >
          {WEBHOOK_TEXT.sendTest}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={props.busy}
          onClick={props.onEdit}
        >
          {WEBHOOK_TEXT.edit}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={props.busy}
          onClick={props.onRotate}
        >
          {WEBHOOK_TEXT.rotate}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={props.busy}
          aria-busy={props.busy}
          onClick={props.onToggle}
        >
          {endpoint.enabled ? WEBHOOK_TEXT.disable : WEBHOOK_TEXT.enable}
        </button>
        <button
          type="button"
          className="button button--ghost webhooks__delete"
          disabled={props.busy}
          onClick={props.onDelete}
        >
          {WEBHOOK_TEXT.delete}
        </button>
      </div>
      <details className="webhooks__deliveries" open>
        <summary>{WEBHOOK_TEXT.deliveries}</summary>
        {props.children}
      </details>
    </article>
  );
}
