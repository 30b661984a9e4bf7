/** Portal-wide facts that are not part of the API contract; the product's name and support address are. */
export { PRODUCT_NAME, SUPPORT_EMAIL } from '@fm/sdk/contracts';
/** Key of the credentials in localStorage (the SDK's token store). */
export const TOKEN_STORAGE_KEY = 'fm-portal';
