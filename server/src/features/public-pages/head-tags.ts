import { PRODUCT_NAME } from '@fm/sdk/contracts';
import { escapeMarkup, scriptJson } from './markup-escape.ts';
import type { PublicPageHead, Robots } from './public-page.ts';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}">`;

/**
 * The `<head>` tags of a public page (rule 22): title, description, canonical link, robots, Open
 * Graph and Twitter card (a large image card when there is a photo), and one JSON-LD script per
 * schema.org object. Every value is escaped; JSON-LD through `scriptJson`.
 *
 * @example
 * const tags = renderHead(page.head, page.robots);
 * html.replace('<title>Franchise Meet</title>', tags);
 */
export function renderHead(head: PublicPageHead, robots: Robots): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeMarkup(head.canonical)}">`,
    meta('name', 'robots', robots === 'index' ? 'index, follow' : 'noindex'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image));
  }
  for (const object of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptJson(object)}</script>`);
  }
  return tags.join('\n');
}
