import { PurgeCSS } from 'purgecss';

/**
 * The part of the app's stylesheet a public page's own markup can use (rule 22), which the server
 * inlines so the page paints with it while the whole stylesheet loads without holding the paint:
 * the rules whose selectors name only classes, ids, tags and attributes that occur in `code` (the
 * chunks that render the page before the app takes over, and the script that marks `<html>`),
 * kept in their order. Applied after it, the whole stylesheet then changes nothing on that
 * markup. Custom properties are all kept: a widget's own styles read them too. Runs at build.
 *
 * @example
 * await firstPaintCss('.hero{color:red}.tour{color:blue}', ['c("hero")']); // '.hero{color:red}'
 */
export async function firstPaintCss(css: string, code: readonly string[]): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: code.map((raw) => ({ raw, extension: 'js' })),
    css: [{ raw: css }],
    keyframes: true,
    fontFace: true,
  });
  if (!result) throw new Error('first-paint CSS: PurgeCSS returned no stylesheet');
  return result.css;
}
