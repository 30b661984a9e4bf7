import type { WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_OPERATIONS,
  WEBHOOK_TEXT,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions } from '../dialogs/dialog-actions.tsx';
import { useFocusReturn } from '../dialogs/focus-return.ts';
import {
  type EndpointFieldErrors,
  type EndpointFormValues,
  endpointChanges,
  endpointFieldErrors,
  endpointFormValues,
  endpointInput,
  endpointInputProblems,
} from './webhook-input.ts';

/** What the form does: add a new endpoint, or change one that exists. */
export type EndpointFormMode =
  | {
      kind: 'add';
      create: WebhooksApi['create'];
      onCreated: (endpoint: WebhookEndpointWithSecret) => void;
    }
  | {
      kind: 'edit';
      /** The endpoint as it is: the form starts from it, and only what differs is sent. */
      endpoint: WebhookEndpoint;
      update: WebhooksApi['update'];
      onUpdated: (endpoint: WebhookEndpoint) => void;
    };

export interface EndpointFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: EndpointFormMode;
  failureText: (error: unknown, fallback: string) => string;
  /** What the form starts with (a story's refused input); otherwise empty, or the endpoint. */
  initial?: EndpointFormValues;
  /** Messages shown at the fields from the start (a story's server answer). */
  initialErrors?: EndpointFieldErrors;
}

const EMPTY: EndpointFormValues = { url: '', events: [], description: '' };

/**
 * The endpoint form in a dialog, for "Add endpoint" and for an endpoint's "Edit" (pre-filled, only
 * the changed fields sent): the URL, the events (each with what it means) and a description. Input
 * the contract refuses is named at its field before sending; the server's 400 and 422 answers (an
 * `http://` URL in production, a private address) are shown at their field too, anything else
 * above the buttons. Each opening starts from the endpoint as it is (or empty).
 *
 * @example
 * <EndpointFormDialog open={adding} onOpenChange={setAdding} failureText={serverMessageOr}
 *   mode={{ kind: 'add', create: webhooks.create, onCreated: showSecret }} />
 * <EndpointFormDialog open={editOpen} onOpenChange={setEditOpen} failureText={serverMessageOr}
 *   mode={{ kind: 'edit', endpoint, update: webhooks.update, onUpdated: replaceInList }} />
 */
export function EndpointFormDialog(props: EndpointFormDialogProps) {
  const [pending, setPending] = useState(false);
  const focusReturn = useFocusReturn();
  const editing = props.mode.kind === 'edit';
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (pending) return;
        props.onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog webhooks-dialog" {...focusReturn}>
          <Dialog.Title className="dialog__title">
            {editing ? WEBHOOK_TEXT.editTitle : WEBHOOK_TEXT.add}
          </Dialog.Title>
          <Dialog.Description className="dialog__text">
            {editing ? WEBHOOK_TEXT.editIntro : WEBHOOK_TEXT.intro}
          </Dialog.Description>
          {/* Mounted while open only: each opening starts from the endpoint (or empty) again. */}
          <EndpointForm {...props} pending={pending} setPending={setPending} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EndpointForm(
  props: EndpointFormDialogProps & { pending: boolean; setPending: (pending: boolean) => void },
) {
  const { mode, pending, setPending } = props;
  const id = useId();
  const [values, setValues] = useState<EndpointFormValues>(
    () => props.initial ?? (mode.kind === 'edit' ? endpointFormValues(mode.endpoint) : EMPTY),
  );
  const [errors, setErrors] = useState<EndpointFieldErrors>(props.initialErrors ?? {});
  const [formError, setFormError] = useState<string | null>(null);
  const title = mode.kind === 'edit' ? WEBHOOK_TEXT.editTitle : WEBHOOK_TEXT.add;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = endpointInputProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const changes = mode.kind === 'edit' ? endpointChanges(mode.endpoint, values) : null;
    if (changes && Object.keys(changes).length === 0) {
      props.onOpenChange(false);
      return;
    }
    setPending(true);
    try {
      if (mode.kind === 'add') mode.onCreated(await mode.create(endpointInput(values)));
      else mode.onUpdated(await mode.update(mode.endpoint.id, changes ?? {}));
    } catch (error) {
      const atFields = endpointFieldErrors(error);
      setErrors(atFields);
      if (Object.keys(atFields).length === 0) {
        const fallback =
          mode.kind === 'add'
            ? WEBHOOK_OPERATIONS.createWebhookEndpoint
            : WEBHOOK_OPERATIONS.updateWebhookEndpoint;
        setFormError(props.failureText(error, fallback));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <form
        id={`${id}-form`}
        className="form webhooks-form"
        aria-label={title}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <EndpointFields id={id} values={values} errors={errors} onChange={setValues} />
      </form>
      <DialogActions cancelLabel={WEBHOOK_TEXT.cancel} busy={pending} error={formError}>
        <button
          type="submit"
          form={`${id}-form`}
          className="button button--primary"
          disabled={pending}
          aria-busy={pending}
        >
          {mode.kind === 'edit' ? WEBHOOK_TEXT.save : WEBHOOK_TEXT.add}
        </button>
      </DialogActions>
    </>
  );
}

/**
 * The endpoint form's fields: URL, the events as checkboxes, the description, each message at its
 * field (linked by `aria-describedby`, `aria-invalid` set).
 *
 * @example
 * <EndpointFields id={useId()} values={values} errors={errors} onChange={setValues} />
 */
export function EndpointFields(props: {
  /** The prefix of the fields' ids. */
  id: string;
  values: EndpointFormValues;
  errors: EndpointFieldErrors;
  onChange: (change: (current: EndpointFormValues) => EndpointFormValues) => void;
}) {
  const { id, values, errors, onChange } = props;
  const errorId = (field: keyof EndpointFormValues) => `${id}-${field}-error`;
  const describedBy = (field: keyof EndpointFormValues) =>
    errors[field] ? errorId(field) : undefined;
  const fieldError = (field: keyof EndpointFormValues) =>
    errors[field] ? (
      <p className="field__error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <div className="field" data-invalid={errors.url ? true : undefined}>
        <label className="field__label" htmlFor={`${id}-url`}>
          {WEBHOOK_TEXT.url}
        </label>
        <input
          id={`${id}-url`}
          className="field__input"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={values.url}
          onChange={(e) => {
            const url = e.target.value;
            onChange((current) => ({ ...current, url }));
          }}
          aria-required
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy('url')}
        />
        {fieldError('url')}
      </div>
      <fieldset
        className="field webhooks-form__events"
        aria-describedby={describedBy('events')}
        data-invalid={errors.events ? true : undefined}
      >
        <legend className="field__label">{WEBHOOK_TEXT.events}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="field__check webhooks-form__event">
            <input
              type="checkbox"
              checked={values.events.includes(type)}
              onChange={(e) => {
                const checked = e.target.checked;
                onChange((current) => ({
                  ...current,
                  events: checked
                    ? [...current.events, type]
                    : current.events.filter((t) => t !== type),
                }));
              }}
            />{' '}
            <span>
              <code>{type}</code> — {WEBHOOK_EVENTS[type]}
            </span>
          </label>
        ))}
        {fieldError('events')}
      </fieldset>
      <div className="field" data-invalid={errors.description ? true : undefined}>
        <label className="field__label" htmlFor={`${id}-description`}>
          {WEBHOOK_TEXT.description}
        </label>
        <input
          id={`${id}-description`}
          className="field__input"
          value={values.description}
          maxLength={200}
          onChange={(e) => {
            const description = e.target.value;
            onChange((current) => ({ ...current, description }));
          }}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {fieldError('description')}
      </div>
    </>
  );
}
