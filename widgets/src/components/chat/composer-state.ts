import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_CHARS,
  type ChatAttachment,
} from '@fm/sdk/contracts';
import { CONVERSATION_TEXT } from './conversation-text.ts';

/** A file picked in the composer: uploading (with progress), uploaded, or refused. */
export interface ComposerFile {
  localId: string;
  name: string;
  size: number;
  mime: string;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'uploaded' | 'failed';
  /** What the API stored, once uploaded. */
  attachment: ChatAttachment | null;
  error: string | null;
}

/** What the composer holds before Send. */
export interface ComposerState {
  text: string;
  files: readonly ComposerFile[];
  /** Files that were not added (too many); shown once under the composer. */
  notice: string | null;
}

export type ComposerAction =
  | { type: 'textChanged'; text: string }
  | {
      type: 'filesAdded';
      files: readonly { localId: string; name: string; size: number; mime: string }[];
    }
  | { type: 'progress'; localId: string; fraction: number }
  | { type: 'uploaded'; localId: string; attachment: ChatAttachment }
  | { type: 'uploadFailed'; localId: string; message: string }
  | { type: 'removed'; localId: string }
  /** After Send: the text and the files went into the message. */
  | { type: 'sent' };

export const EMPTY_COMPOSER: ComposerState = { text: '', files: [], notice: null };

function updateFile(
  files: readonly ComposerFile[],
  localId: string,
  change: (file: ComposerFile) => ComposerFile,
): readonly ComposerFile[] {
  return files.map((file) => (file.localId === localId ? change(file) : file));
}

/**
 * The composer's state changes as a pure function. Files above the size limit (rule 13) are refused
 * at once, without an upload; files beyond CHAT_MAX_ATTACHMENTS are not added.
 *
 * @example
 * composerReducer(state, { type: 'filesAdded', files: [{ localId: 'f1', name: 'a.pdf', size: 1200, mime: 'application/pdf' }] });
 */
export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'textChanged':
      return { ...state, text: action.text.slice(0, CHAT_MESSAGE_MAX_CHARS) };
    case 'filesAdded': {
      const room = Math.max(0, CHAT_MAX_ATTACHMENTS - state.files.length);
      const taken = action.files.slice(0, room).map(
        (file): ComposerFile =>
          file.size > CHAT_ATTACHMENT_MAX_BYTES
            ? {
                ...file,
                progress: 0,
                status: 'failed',
                attachment: null,
                error: CONVERSATION_TEXT.tooLarge,
              }
            : { ...file, progress: 0, status: 'uploading', attachment: null, error: null },
      );
      const left = action.files.length - taken.length;
      return {
        ...state,
        files: [...state.files, ...taken],
        notice: left > 0 ? CONVERSATION_TEXT.tooManyFiles(CHAT_MAX_ATTACHMENTS) : null,
      };
    }
    case 'progress':
      return {
        ...state,
        files: updateFile(state.files, action.localId, (file) =>
          file.status === 'uploading'
            ? { ...file, progress: Math.min(1, Math.max(file.progress, action.fraction)) }
            : file,
        ),
      };
    case 'uploaded':
      return {
        ...state,
        files: updateFile(state.files, action.localId, (file) => ({
          ...file,
          progress: 1,
          status: 'uploaded',
          attachment: action.attachment,
          error: null,
        })),
      };
    case 'uploadFailed':
      return {
        ...state,
        files: updateFile(state.files, action.localId, (file) => ({
          ...file,
          status: 'failed',
          error: action.message,
        })),
      };
    case 'removed':
      return {
        ...state,
        files: state.files.filter((file) => file.localId !== action.localId),
        notice: null,
      };
    case 'sent':
      return EMPTY_COMPOSER;
  }
}

/**
 * Whether a file needs uploading (the hook starts an upload for each of these once).
 *
 * @example
 * state.files.filter(needsUpload).forEach(startUpload);
 */
export const needsUpload = (file: ComposerFile) => file.status === 'uploading';

/**
 * Why Send is disabled, or null when it may be pressed: there must be text or an uploaded file,
 * nothing still uploading, and no refused file left in the list.
 *
 * @example
 * const blocked = sendBlocker(state); // 'empty' | 'uploading' | 'failed' | null
 */
export function sendBlocker(state: ComposerState): 'empty' | 'uploading' | 'failed' | null {
  if (state.files.some((file) => file.status === 'uploading')) return 'uploading';
  if (state.files.some((file) => file.status === 'failed')) return 'failed';
  const hasFiles = state.files.some((file) => file.status === 'uploaded');
  if (state.text.trim() === '' && !hasFiles) return 'empty';
  return null;
}

/**
 * What Send sends: the text (trimmed at its ends) and the uploaded files.
 *
 * @example
 * api.messages.send(chatId, outgoing(state).input);
 */
export function outgoing(state: ComposerState): {
  text: string;
  attachments: ChatAttachment[];
} {
  return {
    text: state.text.trim(),
    attachments: state.files.flatMap((file) => (file.attachment ? [file.attachment] : [])),
  };
}
