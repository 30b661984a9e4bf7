/**
 * Rule 22: the id of the non-executable `<script type="application/json">` that carries a public
 * page's data; the server writes it and the portal reads it.
 */
export const PUBLIC_PAGE_DATA_ID = 'fm-public-data';
