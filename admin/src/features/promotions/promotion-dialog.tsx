import type { AdminPromotion } from '@fm/sdk/contracts';
import {
  PROMOTION_AFFECTED,
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_EFFECTS,
  PromotionFormSchema,
  promotionFormToInput,
} from '@fm/sdk/contracts';
import {
  SelectField,
  TextAreaField,
  TextField,
  type TextFieldBinding,
  toast,
  useFocusReturn,
  useValibotForm,
} from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { FormDialogFooter } from '../../ui/form-dialog.tsx';
import {
  EMPTY_PROMOTION_FORM,
  localInstant,
  type PromotionFormValues,
  promotionToForm,
} from './promotion-form-values.ts';

const VALIDATION_FAILED = 'Validation failed please check the form again';

function PromotionFields({
  promotion,
  onDone,
}: {
  promotion: AdminPromotion | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const initialValues: PromotionFormValues = promotion
    ? promotionToForm(promotion)
    : EMPTY_PROMOTION_FORM;
  const form = useValibotForm({
    schema: PromotionFormSchema,
    initialValues,
    invalidMessage: VALIDATION_FAILED,
    onSubmit: async (output) => {
      const input = promotionFormToInput(output, localInstant);
      try {
        if (promotion) await adminApi.updatePromotion(promotion.id, input);
        else await adminApi.createPromotion(input);
      } catch (error) {
        toast.error(
          serverMessageOr(
            error,
            promotion ? ADMIN_TOASTS.promotionUpdateFailed : ADMIN_TOASTS.promotionCreateFailed,
          ),
        );
        throw error;
      }
      toast.success(promotion ? ADMIN_TOASTS.promotionUpdated : ADMIN_TOASTS.promotionCreated);
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      onDone();
    },
  });
  const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Promotion">
      <TextField label="Name" field={form.field('name')} />
      <TextAreaField
        label="Description"
        field={form.field('description')}
        required={false}
        rows={3}
        maxLength={PROMOTION_DESCRIPTION_MAX}
        hint={`${form.values.description.length}/${PROMOTION_DESCRIPTION_MAX} characters`}
      />
      <div className="form__row">
        <SelectField
          label="Effect"
          field={form.field('effect')}
          options={options(PROMOTION_EFFECTS)}
          placeholder="Select an effect"
        />
        <SelectField
          label="Affected"
          field={form.field('affected')}
          options={options(PROMOTION_AFFECTED)}
          placeholder="Select who is affected"
        />
      </div>
      <div className="form__row">
        <DateField label="Starting date" field={form.field('startingDate')} />
        <TextField
          label="Starting time"
          hint="12-hour, e.g. 9:00 AM"
          field={form.field('startingTime')}
        />
      </div>
      <div className="form__row">
        <DateField label="End date" field={form.field('endingDate')} />
        <TextField label="End time" hint="12-hour, e.g. 5:30 PM" field={form.field('endingTime')} />
      </div>
      <FormDialogFooter
        error={form.formError}
        pending={form.isSubmitting}
        submitLabel={promotion ? ADMIN_UI.save : ADMIN_UI.create}
      />
    </form>
  );
}

/** A date input bound to a form field, labelled and described like the kit's fields. */
function DateField({ label, field }: { label: string; field: TextFieldBinding }) {
  return (
    <div className="field" data-invalid={field.error ? '' : undefined}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <input
        className="field__input"
        id={field.id}
        name={field.name}
        type="date"
        value={field.value}
        onChange={field.onChange}
        required
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.errorId}
      />
      <p className="field__error" id={field.errorId} aria-live="polite">
        {field.error ?? ''}
      </p>
    </div>
  );
}

/**
 * The promotion form in a dialog (create, or edit `promotion`): name, description (at most 250),
 * effect, affected, start and end dates with 12-hour times (admin-panel §5).
 */
export function PromotionDialog({
  open,
  promotion,
  onOpenChange,
}: {
  open: boolean;
  promotion: AdminPromotion | null;
  onOpenChange: (open: boolean) => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide" {...focusReturn}>
          <Dialog.Title className="dialog__title">
            {promotion ? 'Edit Promotion' : ADMIN_UI.createPromotion}
          </Dialog.Title>
          <Dialog.Description className="dialog__text">
            Promotions show in the users' dashboard carousel while they run.
          </Dialog.Description>
          {open ? (
            <PromotionFields
              key={promotion?.id ?? 'new'}
              promotion={promotion}
              onDone={() => onOpenChange(false)}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
