import { useId } from 'react';
import { toast } from '../toasts.tsx';

/** The words of a {@link SecretShownOnce}, from the contract of what it shows. */
export interface SecretShownOnceText {
  /** The warning that it is shown this once. */
  shownOnce: string;
  /** The value's label. */
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

export interface SecretShownOnceProps {
  /** What the secret belongs to (a key's name, an endpoint's URL), the section's heading. */
  title: string;
  /** The whole secret. */
  value: string;
  text: SecretShownOnceText;
  heading: 'h2' | 'h3' | 'h4';
  onDone: () => void;
  /** Names the section for tests. */
  testId?: string;
}

/**
 * A new secret, this once (an API key's, a webhook endpoint's signing secret): a warning, the value
 * (read-only, selected on focus), Copy and Done.
 *
 * @example
 * ```tsx
 * <SecretShownOnce title={key.name} value={key.key} heading="h3" onDone={() => setCreated(null)}
 *   text={{ ...API_KEY_TEXT, label: API_KEY_TEXT.secretKey }} />
 * ```
 */
export function SecretShownOnce(props: SecretShownOnceProps) {
  const id = useId();
  const Heading = props.heading;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      toast.success(props.text.copied);
    } catch {
      toast.error(props.text.copyFailed);
    }
  };
  return (
    <section className="secret-once" aria-labelledby={`${id}-title`} data-testid={props.testId}>
      <Heading id={`${id}-title`} className="secret-once__title">
        {props.title}
      </Heading>
      <p className="form-alert" role="alert">
        {props.text.shownOnce}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-value`}>
          {props.text.label}
        </label>
        <input
          id={`${id}-value`}
          className="field__input"
          readOnly
          value={props.value}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className="secret-once__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {props.text.copy}
        </button>
        <button type="button" className="button button--ghost" onClick={props.onDone}>
          {props.text.done}
        </button>
      </div>
    </section>
  );
}
