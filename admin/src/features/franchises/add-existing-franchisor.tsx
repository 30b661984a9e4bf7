import type { AdminFranchisorOption } from '@fm/sdk/contracts';
import { AddExistingFranchisorFormSchema, SEARCH_DEBOUNCE_MS } from '@fm/sdk/contracts';
import { FormAlert, SelectField, useValibotForm } from '@fm/widgets/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { errorMessage } from '../../api/error-message.ts';
import { FormDialogFooter } from '../../ui/form-dialog.tsx';
import { useDialogSave } from '../../ui/use-dialog-save.ts';
import { franchisorChoices } from './franchisor-choices.ts';

export const FRANCHISOR_SEARCH_LABEL = 'Search franchisors';

/**
 * Add Existing Franchisor: search any franchisor user by name, e-mail or brand (debounced like the
 * tables' search, §9; the API answers the first FRANCHISOR_OPTIONS_LIMIT by name and says when
 * more match, which the form asks to narrow), pick one; they leave their former franchise (§4).
 */
export function AddExistingFranchisorForm({
  franchiseId,
  onDone,
}: {
  franchiseId: string;
  onDone: () => void;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const franchisors = useQuery({
    queryKey: ['franchisors', search],
    queryFn: ({ signal }) => adminApi.listFranchisors(search ? { search } : {}, { signal }),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<AdminFranchisorOption | null>(null);
  const save = useDialogSave({
    saved: ADMIN_TOASTS.franchisorAdded,
    failure: errorMessage,
    onDone,
  });
  const form = useValibotForm({
    schema: AddExistingFranchisorFormSchema,
    initialValues: { franchisorId: '' },
    onSubmit: ({ franchisorId }) =>
      save(() => adminApi.addExistingFranchisor(franchisorId, franchiseId)),
  });
  const found = franchisors.data?.franchisors ?? [];
  const options = franchisorChoices(found, franchiseId, chosen);
  const field = form.field('franchisorId');
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={ADMIN_UI.addExistingFranchisor}
    >
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          {FRANCHISOR_SEARCH_LABEL}
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder="Name, email or brand"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              setSearch(text.trim());
            }
          }}
        />
      </div>
      {franchisors.isError ? <FormAlert message={errorMessage(franchisors.error)} /> : null}
      {franchisors.data?.truncated ? (
        <p className="field__hint" role="status">
          {ADMIN_UI.franchisorSearchTruncated}
        </p>
      ) : null}
      <SelectField
        label="Franchisor"
        field={{
          ...field,
          onChange: (event) => {
            const id = event.target.value;
            setChosen(id === '' ? null : (found.find((f) => f.id === id) ?? chosen));
            field.onChange(event);
          },
        }}
        options={options}
        placeholder={
          franchisors.isPending
            ? 'Loading…'
            : options.length === 0
              ? 'No franchisor matches the search'
              : 'Choose a franchisor'
        }
      />
      <FormDialogFooter error={form.formError} pending={form.isSubmitting} submitLabel={'Add'} />
    </form>
  );
}
