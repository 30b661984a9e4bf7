import type { ChatAttachment } from '@fm/sdk/contracts';
import { type MouseEvent, useEffect, useState } from 'react';
import type { AttachmentLoader } from './attachment-loader.ts';
import { formatMessageDateTime, formatMessageTime } from './chat-format.ts';
import type { TimelineEntry } from './conversation-state.ts';
import { CONVERSATION_TEXT } from './conversation-text.ts';
import { formatBytes } from './file-size.ts';
import { splitLinks } from './message-text.ts';

export interface MessageBubbleProps {
  entry: TimelineEntry;
  /** The first of a run of one sender (more space above it). */
  startsRun: boolean;
  /** The other participant's name, read before their messages by screen readers. */
  senderName: string;
  timeZone: string;
  /** Fetches attachments with the user's credentials. */
  attachments: AttachmentLoader;
  onRetry?: ((key: string) => void) | undefined;
  onDiscard?: ((key: string) => void) | undefined;
}

const TICK_LABEL = {
  sending: CONVERSATION_TEXT.sending,
  sent: CONVERSATION_TEXT.sent,
  read: CONVERSATION_TEXT.read,
  failed: CONVERSATION_TEXT.failed,
} as const;

/**
 * One message: its text as plain text (web addresses as links that open in a new tab), images
 * inline (a click opens them full size), documents as download links with name and size, the time,
 * and for the user's own messages the tick (sending, sent, read) or the failure with Retry.
 *
 * @example
 * <MessageBubble entry={entry} startsRun senderName="Dana Whitfield" timeZone="UTC" />
 */
export function MessageBubble({
  entry,
  startsRun,
  senderName,
  timeZone,
  attachments,
  onRetry,
  onDiscard,
}: MessageBubbleProps) {
  const images = entry.attachments.filter((a) => a.kind === 'image');
  const documents = entry.attachments.filter((a) => a.kind !== 'image');
  const failed = entry.delivery === 'failed';
  return (
    <div
      className={`fm-msg ${entry.own ? 'fm-msg--own' : 'fm-msg--other'}${startsRun ? ' fm-msg--run' : ''}`}
      data-testid="chat-message"
      data-delivery={entry.delivery ?? undefined}
    >
      <div className={`fm-msg__bubble${failed ? ' fm-msg__bubble--failed' : ''}`}>
        <span className="fm-visually-hidden">{entry.own ? 'You: ' : `${senderName}: `}</span>
        {images.length > 0 ? (
          <div className="fm-msg__images">
            {images.map((image) => (
              <AttachmentImage key={image.id} image={image} loader={attachments} />
            ))}
          </div>
        ) : null}
        {documents.length > 0 ? (
          <ul className="fm-msg__documents">
            {documents.map((document) => (
              <li key={document.id}>
                <AttachmentDocument document={document} loader={attachments} />
              </li>
            ))}
          </ul>
        ) : null}
        {entry.text ? (
          <p className="fm-msg__text">
            {splitLinks(entry.text).map((segment, i) =>
              segment.type === 'link' ? (
                <a
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                  key={i}
                  href={segment.href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                >
                  {segment.text}
                </a>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                <span key={i}>{segment.text}</span>
              ),
            )}
          </p>
        ) : null}
        <span className="fm-msg__meta">
          <time dateTime={entry.createdAt} title={formatMessageDateTime(entry.createdAt, timeZone)}>
            {formatMessageTime(entry.createdAt, timeZone)}
          </time>
          {entry.delivery ? <Tick status={entry.delivery} /> : null}
        </span>
      </div>
      {failed ? (
        <div className="fm-msg__failure" role="alert">
          <span>{entry.error ?? CONVERSATION_TEXT.failed}</span>
          {onRetry ? (
            <button type="button" className="fm-chat-link" onClick={() => onRetry(entry.key)}>
              {CONVERSATION_TEXT.retrySend}
            </button>
          ) : null}
          {onDiscard ? (
            <button type="button" className="fm-chat-link" onClick={() => onDiscard(entry.key)}>
              {CONVERSATION_TEXT.discard}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Tick({ status }: { status: NonNullable<TimelineEntry['delivery']> }) {
  return (
    <span className={`fm-tick fm-tick--${status}`} data-testid="chat-tick" data-status={status}>
      <span className="fm-visually-hidden">{TICK_LABEL[status]}</span>
      <svg viewBox="0 0 24 16" width="18" height="12" aria-hidden="true" focusable="false">
        {status === 'sending' ? (
          <circle cx="12" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
        ) : status === 'failed' ? (
          <path
            d="M12 2v8M12 12.5v1.5"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
        ) : (
          <>
            <path
              d="M1.5 8.5 5.5 12.5 13 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            {status === 'read' ? (
              <path
                d="M9.5 12.5 17 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : null}
          </>
        )}
      </svg>
    </span>
  );
}

/** The object URL of an attachment once fetched, null before, 'failed' when it could not be. */
function useObjectUrl(
  loader: AttachmentLoader,
  attachment: ChatAttachment,
): string | null | 'failed' {
  const [url, setUrl] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    setUrl(null);
    loader.objectUrl(attachment).then(
      (next) => {
        if (current) setUrl(next);
      },
      () => {
        if (current) setUrl('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [loader, attachment]);
  return url;
}

/** An image shown inline; a click opens it full size in a new tab. */
function AttachmentImage({ image, loader }: { image: ChatAttachment; loader: AttachmentLoader }) {
  const url = useObjectUrl(loader, image);
  if (url === null || url === 'failed') {
    return (
      <span
        className={`fm-msg__image fm-msg__image--placeholder${url === 'failed' ? ' fm-msg__image--failed' : ''}`}
        role="img"
        aria-label={image.name}
        aria-busy={url === null}
      >
        {url === 'failed' ? image.name : null}
      </span>
    );
  }
  return (
    <a
      className="fm-msg__image-link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={CONVERSATION_TEXT.openImage(image.name)}
    >
      <img className="fm-msg__image" src={url} alt={image.name} />
    </a>
  );
}

/**
 * A document as a download link with its name and size. The file is fetched with the user's
 * credentials when the link is used, then saved under its own name.
 */
function AttachmentDocument({
  document: file,
  loader,
}: {
  document: ChatAttachment;
  loader: AttachmentLoader;
}) {
  const [busy, setBusy] = useState(false);
  const size = formatBytes(file.size);
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    const link = event.currentTarget;
    setBusy(true);
    loader.objectUrl(file).then(
      (url) => {
        setBusy(false);
        const save = link.ownerDocument.createElement('a');
        save.href = url;
        save.download = file.name;
        save.rel = 'noopener';
        save.hidden = true;
        link.after(save);
        save.click();
        save.remove();
      },
      () => setBusy(false),
    );
  };
  return (
    <a
      className="fm-msg__document"
      href={file.url}
      download={file.name}
      aria-label={CONVERSATION_TEXT.download(file.name, size)}
      aria-busy={busy}
      onClick={download}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5ZM8 13h8v1.5H8V13Zm0 3.5h8V18H8v-1.5Z" />
      </svg>
      <span className="fm-msg__document-name">{file.name}</span>
      <span className="fm-msg__document-size">{size}</span>
    </a>
  );
}
