import type { ReactNode } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import '../ui/button.css';

/** The primary button of a form; shows progress and ignores clicks while submitting. */
export function SubmitButton({
  submitting,
  children,
  block = false,
}: {
  submitting: boolean;
  children: ReactNode;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`button button--primary${block ? ' button--block' : ''}`}
      aria-disabled={submitting || undefined}
      aria-busy={submitting || undefined}
    >
      {submitting ? <Spinner /> : null}
      <span>{children}</span>
    </button>
  );
}
