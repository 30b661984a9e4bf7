import { escapeToBuffer } from 'hono/utils/html';

/**
 * Text or an attribute value as HTML or XML: `& < > " '` escaped by Hono's own escaper (the one
 * its `html` helper uses), so a profile's text can never open a tag or leave an attribute.
 *
 * @example
 * escapeMarkup('Fish & Chips "Co" <b>'); // 'Fish &amp; Chips &quot;Co&quot; &lt;b&gt;'
 */
export function escapeMarkup(text: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

/**
 * A value as JSON that is safe inside `<script type="application/ld+json">`: `<`, `>` and `&` as
 * `\u003c`, `\u003e`, `\u0026`, so no text can close the script element; parses back unchanged.
 *
 * @example
 * scriptJson({ name: '</script>' }); // '{"name":"\\u003c/script\\u003e"}'
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
