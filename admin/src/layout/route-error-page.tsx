import { FormAlert } from '@fm/widgets/kit';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import '../ui/page.css';

/** Shown in place of a screen that failed to render, keeping the rest of the app usable. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="card status-card" role="alert">
      <h1 className="page__title">{ADMIN_TEXT.unexpectedError}</h1>
      <FormAlert message={detail ?? null} />
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {ADMIN_TEXT.reload}
      </button>
    </div>
  );
}
