import { type FormEvent, useId, useState } from 'react';
import styles from './ai-search.css?inline';
import { type FranchisorAiReading, parseAiSentence, readingLabels } from './ai-search.ts';
import { FRANCHISOR_LIST_TEXT as TEXT } from './franchisor-list-text.ts';

export interface AiSearchBarProps {
  /** The sentence being searched, if any. */
  sentence: string | undefined;
  /** What the API understood of it; null until its answer is in. */
  reading: FranchisorAiReading | null;
  onSearch: (sentence: string) => void;
  onClear: () => void;
}

/**
 * The AI search above the franchisor list: a sentence box, and while a sentence is searched, what
 * was understood of it and a way back to the regular list.
 *
 * @example
 * <AiSearchBar sentence={filters.ai} reading={result?.ai ?? null} onSearch={search} onClear={clear} />
 */
export function AiSearchBar({ sentence, reading, onSearch, onClear }: AiSearchBarProps) {
  const id = useId();
  // A new sentence from outside (back/forward, a cleared search) replaces the draft.
  const [draft, setDraft] = useState({ from: sentence, text: sentence ?? '' });
  const text = draft.from === sentence ? draft.text : (sentence ?? '');
  const [invalid, setInvalid] = useState(false);
  const labels = reading ? readingLabels(reading.interpretation) : [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = parseAiSentence(text);
    setInvalid(!next);
    if (next) onSearch(next);
  };

  return (
    <section className="fm-ai" aria-label={TEXT.aiRegion}>
      <style>{styles}</style>
      <form className="fm-ai__form" onSubmit={submit} noValidate>
        <label className="fm-ai__label" htmlFor={id}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M12 2l1.9 5.6L19.5 9.5l-5.6 1.9L12 17l-1.9-5.6L4.5 9.5l5.6-1.9zM19 14l.9 2.6 2.6.9-2.6.9L19 21l-.9-2.6-2.6-.9 2.6-.9z" />
          </svg>
          {TEXT.aiLabel}
        </label>
        <div className="fm-ai__row">
          <input
            id={id}
            className="fm-field__input fm-ai__input"
            type="search"
            value={text}
            maxLength={300}
            placeholder={TEXT.aiPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft({ from: sentence, text: event.target.value });
              if (invalid) setInvalid(false);
            }}
          />
          <button type="submit" className="fm-button fm-button--primary fm-ai__submit">
            {TEXT.aiSubmit}
          </button>
        </div>
        {invalid && (
          <p className="fm-ai__error" id={`${id}-error`} role="alert">
            {TEXT.aiRequired}
          </p>
        )}
      </form>
      {sentence && (
        <div className="fm-ai__reading" aria-live="polite">
          {!reading ? (
            <p className="fm-ai__text">{TEXT.aiReading}</p>
          ) : labels.length > 0 ? (
            <div className="fm-ai__understood">
              <span className="fm-ai__text">{TEXT.aiUnderstood}</span>
              <ul className="fm-tags fm-tags--chip" aria-label={TEXT.aiUnderstood}>
                {labels.map((label) => (
                  <li key={label} className="fm-tag">
                    {label}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="fm-ai__text">{TEXT.aiNothingUnderstood}</p>
          )}
          <p className="fm-ai__hint">
            {TEXT.aiHint}{' '}
            <button type="button" className="fm-link-button" onClick={onClear}>
              {TEXT.aiClear}
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
