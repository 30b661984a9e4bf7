import * as v from 'valibot';

/**
 * Whether `text` is a link a page may open for a reader: an absolute `http:` or `https:` URL. A
 * `javascript:` or `data:` link typed into a profile would run in the reader's page.
 *
 * @example
 * isWebLink('https://brand.example'); // true
 * isWebLink('javascript:alert(1)'); // false
 */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The message for a link that is not one. */
export const WEB_LINK_MESSAGE = 'Please enter a valid URL starting with http:// or https://';

/**
 * A link a person types into a profile (a website, a profile page): `http(s)://` only, at most 300
 * characters; an empty text or `null` clears it.
 */
export const WebLinkSchema = v.optional(
  v.union([
    v.pipe(
      v.union([v.literal(''), v.null()]),
      v.transform(() => null),
    ),
    v.pipe(v.string(), v.trim(), v.check(isWebLink, WEB_LINK_MESSAGE), v.maxLength(300)),
  ]),
);
