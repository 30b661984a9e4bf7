/** Portal-wide facts that are not part of the API contract. */

export { PRODUCT_NAME } from '@fm/sdk/contracts';
/** Where the footer's contact link and the help texts send people. */
export { SUPPORT_EMAIL } from '@fm/sdk/contracts';
/** Key of the credentials in localStorage (the SDK's token store). */
export const TOKEN_STORAGE_KEY = 'fm-portal';
