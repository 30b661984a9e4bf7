/**
 * The kit the portal and the admin app both build with: form fields and the valibot form hook,
 * the franchise profile's field groups, the photo cropper, dialogs (confirm, unsaved changes),
 * tables with their pager, status labels, money and date formats, the loading / failure / retry
 * state of a read and the toast outlet. Styles: `@fm/widgets/kit.css` (design tokens
 * included).
 */

export { ApiKeyManager, type ApiKeyManagerProps } from './api-keys/api-key-manager.tsx';
export {
  ConsultantExpertiseFields,
  ConsultantLocationFields,
  ExperienceField,
} from './consultant-profile/consultant-fields.tsx';
export {
  type ConsultantExpertiseValues,
  type ConsultantLocationSource,
  type ConsultantLocationValues,
  type ConsultantProfileValues,
  consultantLocationValues,
} from './consultant-profile/consultant-values.ts';
export { ConfirmDialog } from './dialogs/confirm-dialog.tsx';
export { DialogActions } from './dialogs/dialog-actions.tsx';
export { Drawer, type DrawerProps } from './dialogs/drawer.tsx';
export { useFocusReturn } from './dialogs/focus-return.ts';
export {
  leavingWith,
  type NavigationBlocker,
  UNSAVED_CHANGES_TEXT,
  UnsavedChangesGuard,
} from './dialogs/unsaved-changes-guard.tsx';
export { CappedTags } from './format/capped-tags.tsx';
export {
  type AccountFlags,
  type ConsultantDisplayStatus,
  consultantDisplayStatus,
  DISPLAY_STATUS_EXPLANATIONS,
  type DisplayStatus,
  displayStatus,
  franchisorDisplayStatus,
  isGoodStanding,
} from './format/display-status.ts';
export {
  formatActivationExpiry,
  formatCents,
  formatDate,
  formatDateTime,
  formatDollars,
  formatNumber,
  setViewerTimeZone,
  viewerTimeZone,
} from './format/format.ts';
export { dateTimeFormat, relativeTimeFormat } from './format/intl.ts';
export { StatusLabel, type StatusTone, statusTone } from './format/status-label.tsx';
export {
  CheckboxField,
  FormAlert,
  FormFooter,
  MultiSelectField,
  NewPasswordFields,
  NumberField,
  PasswordChangeFields,
  PasswordField,
  ReadOnlyField,
  SegmentedField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from './forms/fields.tsx';
export { formText } from './forms/form-text.ts';
export {
  errorsFromFailure,
  type FieldErrors,
  type ValidationResult,
  validateForm,
} from './forms/form-validation.ts';
export { AccountEmailField, PhoneField, PositionField } from './forms/person-fields.tsx';
export {
  type CheckboxBinding,
  changedFields,
  type FieldValue,
  type FormBindings,
  type FormValues,
  type ListFieldBinding,
  type SubmitContext,
  type SubmitOutcome,
  sameFieldValue,
  type TextFieldBinding,
  useValibotForm,
  type ValibotFormOptions,
} from './forms/use-valibot-form.ts';
export {
  COMMISSION_SCOPE_TEXTS,
  CommissionFields,
  FranchiseBrandFields,
  FranchiseContactFields,
  FranchiseTerritoryFields,
  InvestmentFields,
  InvestmentModelFields,
  OwnerFields,
  SupportFields,
  TrainingFields,
} from './franchise-profile/franchise-fields.tsx';
export {
  BRAND_FLAGS,
  CASH_KEYS,
  COMMISSION_FIELD_NAMES,
  COMMISSION_SCOPES,
  type CommissionFieldName,
  type CommissionScope,
  type CommissionValues,
  cashModeOf,
  cashPatch,
  commissionField,
  commissionsPatch,
  commissionValues,
  ELIGIBILITY_FLAGS,
  FRANCHISE_DETAILS_KEYS,
  type FranchiseDetailsValues,
  type FranchiseFormSource,
  franchiseDetailsInput,
  franchiseDetailsValues,
  INVESTMENT_FLAGS,
  INVESTMENT_PLAIN_KEYS,
  type InvestmentValues,
  investmentInput,
  investmentValues,
  SUPPORT_FLAGS,
  TRAINING_TEXT_KEYS,
  type TrainingValues,
  trainingValues,
} from './franchise-profile/franchise-values.ts';
export { LoadStatus, type LoadStatusProps, RETRY_TEXT } from './load-status/load-status.tsx';
export { cropToJpeg, outputSize, type PixelArea } from './photo/crop-image.ts';
export {
  DOCUMENT_ACCEPT,
  documentFileProblem,
  IMAGE_ACCEPT,
  IMAGE_FILE_MESSAGES,
  imageContentProblem,
  imageFileProblem,
} from './photo/image-file.ts';
export { PhotoCropperDialog, PhotoUpload } from './photo/photo-cropper.tsx';
export { useObjectUrl } from './photo/use-object-url.ts';
export { SecretShownOnce, type SecretShownOnceProps } from './secrets/secret-shown-once.tsx';
export { type Column, DataTable, type DataTableProps } from './table/data-table.tsx';
export { TablePager, type TablePagerProps } from './table/table-pager.tsx';
export {
  browserTimeZone,
  chooseTimeZone,
  chosenTimeZone,
  isKnownTimeZone,
  zoneChoices,
} from './time-zone/time-zone.ts';
export {
  TIME_ZONE_TEXT,
  TimeZoneSwitch,
  type TimeZoneSwitchProps,
} from './time-zone/time-zone-switch.tsx';
export { AppToaster, toast } from './toasts.tsx';
export {
  WebhookEndpointManager,
  type WebhookEndpointManagerProps,
} from './webhooks/webhook-endpoint-manager.tsx';
