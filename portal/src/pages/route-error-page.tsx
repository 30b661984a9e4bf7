import { GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../shared/page-title.ts';

/** Shown when rendering a page throws: the generic message and a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Error');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="page page--centered" id="main-content">
      <h1 className="page__title">{GENERIC_MESSAGES.somethingWentWrong}</h1>
      <p className="page__text">
        <a className="button button--primary" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
