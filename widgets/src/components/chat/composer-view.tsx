import { type ChangeEvent, type KeyboardEvent, type RefObject, useId, useRef } from 'react';
import { type ComposerState, sendBlocker } from './composer-state.ts';
import { CONVERSATION_TEXT } from './conversation-text.ts';
import { formatBytes } from './file-size.ts';

export interface ComposerViewProps {
  state: ComposerState;
  onText: (text: string) => void;
  onFiles: (files: File[]) => void;
  onRemoveFile: (localId: string) => void;
  onSend: () => void;
  /** While the conversation cannot take messages (loading, failed). */
  disabled?: boolean | undefined;
  textareaRef?: RefObject<HTMLTextAreaElement | null> | undefined;
}

/**
 * The composer: a labelled textarea (Enter sends, Shift+Enter starts a new line), Attach files
 * (several at once) with a progress bar per file and Remove, and Send — disabled while there is
 * nothing to send, a file is uploading, or a refused file is still listed.
 *
 * @example
 * <ComposerView state={composer} onText={setText} onFiles={upload} onRemoveFile={remove} onSend={send} />
 */
export function ComposerView({
  state,
  onText,
  onFiles,
  onRemoveFile,
  onSend,
  disabled = false,
  textareaRef,
}: ComposerViewProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const blocker = sendBlocker(state);
  const canSend = !disabled && blocker === null;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) picks a candidate, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file can be picked again after removing it.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <form
      className="fm-composer"
      aria-label={CONVERSATION_TEXT.composer}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      {state.files.length > 0 ? (
        <ul className="fm-composer__files" aria-label={CONVERSATION_TEXT.files}>
          {state.files.map((file) => (
            <li
              key={file.localId}
              className={`fm-composer__file fm-composer__file--${file.status}`}
              data-testid="composer-file"
              data-status={file.status}
            >
              <span className="fm-composer__file-name">{file.name}</span>
              <span className="fm-composer__file-size">{formatBytes(file.size)}</span>
              {file.status === 'uploading' ? (
                <progress
                  className="fm-composer__progress"
                  max={1}
                  value={file.progress}
                  aria-label={`${file.name}: ${CONVERSATION_TEXT.uploading(Math.round(file.progress * 100))}`}
                />
              ) : null}
              {file.status === 'failed' ? (
                <span className="fm-composer__file-error" role="alert">
                  {file.error}
                </span>
              ) : null}
              {file.status === 'uploaded' ? (
                <span className="fm-visually-hidden">{CONVERSATION_TEXT.uploaded}</span>
              ) : null}
              <button
                type="button"
                className="fm-icon-btn fm-composer__remove"
                aria-label={CONVERSATION_TEXT.removeFile(file.name)}
                onClick={() => onRemoveFile(file.localId)}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="16"
                  height="16"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {state.notice ? (
        <p className="fm-composer__notice" role="status">
          {state.notice}
        </p>
      ) : null}
      {blocker === 'failed' ? (
        <p className="fm-composer__notice">{CONVERSATION_TEXT.failedFilesBlock}</p>
      ) : null}
      <div className="fm-composer__row">
        <input
          ref={fileInput}
          className="fm-visually-hidden"
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          onChange={onPick}
          disabled={disabled}
          data-testid="composer-file-input"
        />
        <button
          type="button"
          className="fm-icon-btn fm-composer__attach"
          aria-label={CONVERSATION_TEXT.attach}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10h-1.5Z" />
          </svg>
        </button>
        <label className="fm-visually-hidden" htmlFor={`${id}-text`}>
          {CONVERSATION_TEXT.composer}
        </label>
        <textarea
          ref={textareaRef}
          id={`${id}-text`}
          className="fm-composer__text"
          rows={1}
          placeholder={CONVERSATION_TEXT.placeholder}
          aria-describedby={`${id}-hint`}
          value={state.text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
        />
        <button
          type="submit"
          className="fm-btn fm-btn--primary fm-composer__send"
          disabled={!canSend}
        >
          {CONVERSATION_TEXT.send}
        </button>
      </div>
      <p className="fm-visually-hidden" id={`${id}-hint`}>
        {CONVERSATION_TEXT.composerHint}
      </p>
    </form>
  );
}
