import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from './logger.ts';

/**
 * The body of a public page (rule 22) for the HTML of `path`, from its page data as JSON; null when
 * the portal renders nothing there (the page then goes out with the shell alone, and the browser
 * renders it).
 */
export type PageBodyRenderer = (path: string, dataJson: string) => Promise<string | null>;

/** What the portal's built server entry exports. */
interface PortalServerEntry {
  renderPublicPage(path: string, dataJson: string | null): Promise<string | null>;
}

const isServerEntry = (module: unknown): module is PortalServerEntry =>
  typeof module === 'object' &&
  module !== null &&
  typeof (module as Partial<PortalServerEntry>).renderPublicPage === 'function';

/**
 * The portal's server entry at `file` (`portal/dist-server/server-entry.js`, built by `npm run
 * build`) as a page renderer, loaded by path on the first page asked for: the server's source
 * never imports React or the portal. Null when the portal's server entry is not built. A failed
 * render is logged and leaves that page to the browser.
 *
 * @example
 * const render = portalPageRenderer('portal/dist-server/server-entry.js', logger);
 * await render?.('/consultants/u1', '{"kind":"consultant","profile":{…}}'); // '<div class="app">…'
 */
export function portalPageRenderer(file: string, logger: Logger): PageBodyRenderer | null {
  if (!existsSync(file)) return null;
  let entry: Promise<PortalServerEntry> | null = null;
  const load = async (): Promise<PortalServerEntry> => {
    const module: unknown = await import(pathToFileURL(file).href);
    if (!isServerEntry(module)) throw new Error(`${file} exports no renderPublicPage`);
    return module;
  };
  return async (path, dataJson) => {
    try {
      entry ??= load();
      const html = await (await entry).renderPublicPage(path, dataJson);
      return typeof html === 'string' ? html : null;
    } catch (error) {
      logger.error('A public page could not be rendered on the server', { path, error });
      return null;
    }
  };
}
