import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadStatus } from './load-status.tsx';

const noRetry = () => undefined;

describe('LoadStatus', () => {
  it('says it is loading while the read is pending', () => {
    const html = renderToStaticMarkup(
      <LoadStatus pending error={null} onRetry={noRetry} loadingText="Loading payments…" />,
    );
    expect(html).toBe('<p class="load-status" role="status">Loading payments…</p>');
  });

  it('shows the failure and a retry button, even while the retry is pending', () => {
    const html = renderToStaticMarkup(
      <LoadStatus
        pending
        error="Get payments: Server is down"
        onRetry={noRetry}
        loadingText="Loading payments…"
        errorClassName="meetings__notice"
      />,
    );
    expect(html).toBe(
      '<div class="meetings__notice" role="alert"><p>Get payments: Server is down</p>' +
        '<button type="button" class="button button--ghost">Try again</button></div>',
    );
  });

  it('draws nothing once the data is there', () => {
    const html = renderToStaticMarkup(
      <LoadStatus pending={false} error={null} onRetry={noRetry} loadingText="Loading…" />,
    );
    expect(html).toBe('');
  });

  it('puts a spinner before the busy line when asked', () => {
    const html = renderToStaticMarkup(
      <LoadStatus pending error={null} onRetry={noRetry} loadingText="Loading…" spinner />,
    );
    expect(html).toContain('<span class="spinner" aria-hidden="true"></span>Loading…');
  });
});
