import type { WebhooksApi } from '@fm/sdk';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_OPERATIONS,
  WEBHOOK_TEXT,
  type WebhookEndpointWithSecret,
} from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions } from '../dialogs/dialog-actions.tsx';
import { useFocusReturn } from '../dialogs/focus-return.ts';
import {
  type EndpointFieldErrors,
  type EndpointFormValues,
  endpointFieldErrors,
  endpointInput,
  endpointInputProblems,
} from './webhook-input.ts';

export interface AddEndpointDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  create: WebhooksApi['create'];
  failureText: (error: unknown, fallback: string) => string;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
  /** What the form starts with (a story's refused input); empty by default. */
  initial?: EndpointFormValues;
  /** Messages shown at the fields from the start (a story's server answer). */
  initialErrors?: EndpointFieldErrors;
}

const EMPTY: EndpointFormValues = { url: '', events: [], description: '' };

/**
 * "Add endpoint": the URL, the events (each with what it means) and a description. Input the
 * contract refuses is named at its field before sending; the server's 400 and 422 answers (an
 * `http://` URL in production, a private address) are shown at their field too, anything else
 * above the buttons.
 *
 * @example
 * <AddEndpointDialog open={adding} onOpenChange={setAdding} create={webhooks.create}
 *   failureText={serverMessageOr} onCreated={showSecret} />
 */
export function AddEndpointDialog(props: AddEndpointDialogProps) {
  const id = useId();
  const focusReturn = useFocusReturn();
  const [values, setValues] = useState<EndpointFormValues>(props.initial ?? EMPTY);
  const [errors, setErrors] = useState<EndpointFieldErrors>(props.initialErrors ?? {});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = endpointInputProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      const created = await props.create(endpointInput(values));
      reset();
      props.onCreated(created);
    } catch (error) {
      const atFields = endpointFieldErrors(error);
      setErrors(atFields);
      if (Object.keys(atFields).length === 0) {
        setFormError(props.failureText(error, WEBHOOK_OPERATIONS.createWebhookEndpoint));
      }
    } finally {
      setPending(false);
    }
  };

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
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (pending) return;
        if (!open) reset();
        props.onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog webhooks-dialog" {...focusReturn}>
          <Dialog.Title className="dialog__title">{WEBHOOK_TEXT.add}</Dialog.Title>
          <Dialog.Description className="dialog__text">{WEBHOOK_TEXT.intro}</Dialog.Description>
          <form
            id={`${id}-form`}
            className="form webhooks-form"
            aria-label={WEBHOOK_TEXT.add}
            onSubmit={(e) => void submit(e)}
            noValidate
          >
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
                onChange={(e) => setValues((current) => ({ ...current, url: e.target.value }))}
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
                    onChange={(e) =>
                      setValues((current) => ({
                        ...current,
                        events: e.target.checked
                          ? [...current.events, type]
                          : current.events.filter((t) => t !== type),
                      }))
                    }
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
                onChange={(e) =>
                  setValues((current) => ({ ...current, description: e.target.value }))
                }
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy('description')}
              />
              {fieldError('description')}
            </div>
          </form>
          <DialogActions cancelLabel={WEBHOOK_TEXT.cancel} busy={pending} error={formError}>
            <button
              type="submit"
              form={`${id}-form`}
              className="button button--primary"
              disabled={pending}
              aria-busy={pending}
            >
              {WEBHOOK_TEXT.add}
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
