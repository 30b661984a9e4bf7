import { ERROR_CODES } from '@fm/sdk/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { EMAIL_CHANGE_PAGE_TEXT, EmailChangePage } = await import('./email-change-page.tsx');

/** The page's first render at `url` (effects, and so API calls, do not run). */
const render = (url: string) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [url] }, createElement(EmailChangePage)),
  );

describe('/email-change (the links of a change of e-mail)', () => {
  it('confirms as it opens: the first render says it is confirming', () => {
    const html = render('/email-change?confirm=abc.def');
    expect(html).toContain(EMAIL_CHANGE_PAGE_TEXT.confirmTitle);
    expect(html).toContain(EMAIL_CHANGE_PAGE_TEXT.confirming);
  });

  it('undoes only on a click, after saying that it signs the account out everywhere', () => {
    const html = render('/email-change?undo=abc.def');
    expect(html).toContain(EMAIL_CHANGE_PAGE_TEXT.undoTitle);
    expect(html).toContain(EMAIL_CHANGE_PAGE_TEXT.undoLead);
    expect(html).toContain(`>${EMAIL_CHANGE_PAGE_TEXT.undoButton}</button>`);
  });

  it('says the link is not valid without a token', () => {
    expect(render('/email-change')).toContain(ERROR_CODES.EMAIL_CHANGE_LINK_INVALID.message);
  });
});
