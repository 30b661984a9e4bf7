/**
 * The portal's signed-in and account paths: nothing a search engine should list. `$` ends a
 * path, so `/consultants` (the signed-in list) is kept out while `/consultants/{id}` is not.
 */
const PRIVATE_PATHS = [
  '/api/',
  '/control-panel',
  '/embed/',
  '/consultants$',
  '/franchisors$',
  '/dashboard',
  '/payments',
  '/sessions',
  '/bookings',
  '/meetings/',
  '/territory-scout',
  '/chats',
  '/consultant-profile',
  '/my-profile',
  '/sign-in',
  '/sign-up',
  '/auth/',
  '/forgot-password',
  '/reset-password',
  '/email-change',
  '/activate-profile',
];

/**
 * `robots.txt` (rule 22): public pages allowed, the signed-in app, the API and the control panel
 * not, and the absolute address of the sitemap index.
 *
 * @example
 * robotsTxt('https://fm.example'); // 'User-agent: *\nAllow: /\nDisallow: /api/\n…Sitemap: https://fm.example/sitemap.xml\n'
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
