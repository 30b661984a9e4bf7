import { useEffect } from 'react';
import { ADMIN_TEXT } from '../admin-texts.ts';

/** Names the browser tab after the screen, e.g. "Payments · Control Panel". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${ADMIN_TEXT.appName}`;
  }, [title]);
}
