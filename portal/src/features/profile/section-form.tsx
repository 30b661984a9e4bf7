import type { SubmitOutcome } from '@fm/widgets/kit';
import { FormAlert, leavingWith, SubmitButton, UnsavedChangesGuard } from '@fm/widgets/kit';
import type { FormEvent, ReactNode } from 'react';
import { useBlocker } from 'react-router';

/** What a section form needs from `useProfileSectionForm`. */
export interface SectionFormState {
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submit: () => Promise<SubmitOutcome>;
  formError: string | null;
  isSubmitting: boolean;
  isDirty: boolean;
}

/**
 * The frame of a my-profile section form: the fields, the form's message, a Save button that is
 * active once something changed, and the unsaved-changes guard.
 *
 * @example
 * ```tsx
 * <SectionForm form={form} label="Investment Profile">…fields…</SectionForm>
 * ```
 */
export function SectionForm({
  form,
  label,
  children,
  saveLabel = 'Save',
}: {
  form: SectionFormState;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
  saveLabel?: string;
}) {
  const blocker = useBlocker(leavingWith(form.isDirty));
  return (
    <form className="form profile-form" aria-label={label} onSubmit={form.handleSubmit} noValidate>
      {children}
      <FormAlert message={form.formError} />
      <div className="profile-form__actions">
        <p className="profile-form__state" aria-live="polite">
          {form.isDirty ? 'You have unsaved changes.' : ''}
        </p>
        <SubmitButton
          pending={form.isSubmitting}
          className="button button--primary profile-form__save"
        >
          {saveLabel}
        </SubmitButton>
      </div>
      <UnsavedChangesGuard when={form.isDirty} onSave={form.submit} blocker={blocker} />
    </form>
  );
}

/** A titled group of fields inside a section form. */
export function FormSection({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id?: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="profile-form__group"
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
    >
      <h2 className="profile-form__group-title" id={id ? `${id}-title` : undefined}>
        {title}
      </h2>
      {description ? <p className="profile-form__group-text">{description}</p> : null}
      {children}
    </section>
  );
}
