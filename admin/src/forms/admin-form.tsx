import {
  FormFooter,
  type FormValues,
  type SubmitOutcome,
  toast,
  useObjectUrl,
  useValibotForm,
} from '@fm/widgets/kit';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type * as v from 'valibot';
import { dropEmpty } from './drop-empty.ts';
import { FormGuard, VALIDATION_FAILED } from './form-guard.tsx';

/**
 * A Create or Edit form of the control panel (consultant, franchise): the contract's rules with
 * 'Validation failed please check the form again' (message and toast), empty values dropped from
 * the payload (admin-panel §5), a photo kept beside the fields until the save sends it, and after
 * a save the way to the path `onSave` resolves with, once the form is clean (so the unsaved-changes
 * guard does not ask).
 *
 * @example
 * ```tsx
 * const { form, photo, setPhoto, preview } = useAdminForm({ schema, initialValues, onSave });
 * ```
 */
export function useAdminForm<TValues extends FormValues, TSchema extends v.GenericSchema>({
  schema,
  initialValues,
  toInput = (values) => values,
  keepEmpty = [],
  onSave,
}: {
  schema: TSchema;
  initialValues: TValues;
  /** Maps the values to what the schema validates (before empty values are dropped). */
  toInput?: (values: TValues) => Readonly<Record<string, unknown>>;
  /** Fields sent even when emptied (lists an edit clears). */
  keepEmpty?: readonly string[];
  /** Saves; resolves with the path to go to once the form is clean (the detail page). */
  onSave: (input: Record<string, unknown>, photo: Blob | undefined) => Promise<string>;
}) {
  const navigate = useNavigate();
  const [next, setNext] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | undefined>(undefined);
  const preview = useObjectUrl(photo);
  const form = useValibotForm({
    schema,
    initialValues,
    toInput: (values) => dropEmpty(toInput(values), keepEmpty),
    invalidMessage: VALIDATION_FAILED,
    onInvalid: () => toast.error(VALIDATION_FAILED),
    onSubmit: async (output) => {
      const path = await onSave(dropEmpty(output as Record<string, unknown>, keepEmpty), photo);
      setPhoto(undefined);
      setNext(path);
    },
  });
  // Leave only once the saved values are the form's baseline, so the guard does not ask.
  useEffect(() => {
    if (next && !form.isDirty) void navigate(next);
  }, [next, form.isDirty, navigate]);
  return { form, photo, setPhoto, preview, isDirty: form.isDirty || photo !== undefined };
}

/** The frame of an admin Create or Edit form: the fields, the form's message, the button, the guard. */
export function AdminForm({
  form,
  dirty,
  label,
  submitLabel,
  children,
}: {
  form: {
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
    submit: () => Promise<SubmitOutcome>;
    formError: string | null;
    isSubmitting: boolean;
  };
  /** Whether leaving would lose something (the fields or a photo not sent yet). */
  dirty: boolean;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="form admin-form" onSubmit={form.handleSubmit} noValidate aria-label={label}>
      {children}
      <FormFooter error={form.formError} pending={form.isSubmitting}>
        {submitLabel}
      </FormFooter>
      <FormGuard dirty={dirty} onSave={form.submit} />
    </form>
  );
}
