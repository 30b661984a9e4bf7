/** A piece of a message's text: plain text, or a web address shown as a link. */
export type TextSegment =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string };

// Only http(s) addresses become links: `javascript:`, `data:` and the like stay text.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a message's text into plain text and web addresses. The view renders both as React text
 * (never as HTML), so markup in a message shows as the characters it is; only `http:`/`https:`
 * addresses become links, which open in a new tab without access to this page.
 *
 * @example
 * splitLinks('See https://example.com/fdd.pdf.');
 * // [{ type: 'text', text: 'See ' }, { type: 'link', text: 'https://example.com/fdd.pdf', href: 'https://example.com/fdd.pdf' }, { type: 'text', text: '.' }]
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING, '');
    if (!isWebUrl(address)) continue;
    if (start > from) segments.push({ type: 'text', text: text.slice(from, start) });
    segments.push({ type: 'link', text: address, href: address });
    from = start + address.length;
  }
  if (from < text.length) segments.push({ type: 'text', text: text.slice(from) });
  return segments;
}

function isWebUrl(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
