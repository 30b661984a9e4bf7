import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import type { ChatSource } from './chat-ports.ts';
import {
  composerReducer,
  EMPTY_COMPOSER,
  needsUpload,
  outgoing,
  sendBlocker,
} from './composer-state.ts';

let fileIds = 0;

/**
 * The composer with its uploads: every picked file is uploaded at once (one request each, with
 * progress), can be removed (which cancels its upload), and Send hands the text and the uploaded
 * files over and empties the composer. A new chat starts with an empty composer.
 *
 * @example
 * const composer = useComposer(source, { chatId, onError, onSend: conversation.send });
 */
export function useComposer(
  source: ChatSource,
  options: {
    chatId: string | null;
    onError: (error: WidgetError) => void;
    onSend: (message: ReturnType<typeof outgoing>) => void;
  },
) {
  const [state, dispatch] = useReducer(composerReducer, EMPTY_COMPOSER);
  const uploads = useRef(new Map<string, AbortController>());
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const cancelAll = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat is the trigger
  useEffect(() => {
    cancelAll();
    dispatch({ type: 'sent' });
  }, [options.chatId, cancelAll]);
  useEffect(() => cancelAll, [cancelAll]);

  const picked = useRef(new Map<string, File>());
  const addFiles = useCallback((files: readonly File[]) => {
    const added = files.map((file) => {
      fileIds += 1;
      const localId = `file-${fileIds}`;
      picked.current.set(localId, file);
      return { localId, name: file.name, size: file.size, mime: file.type };
    });
    dispatch({ type: 'filesAdded', files: added });
  }, []);

  // The reducer decides which files are taken (count and size limits); every file it lists as
  // uploading and that has no request yet gets one.
  useEffect(() => {
    for (const entry of state.files) {
      const file = picked.current.get(entry.localId);
      if (!needsUpload(entry) || !file || uploads.current.has(entry.localId)) continue;
      const { localId } = entry;
      const controller = new AbortController();
      uploads.current.set(localId, controller);
      source
        .upload(file, {
          signal: controller.signal,
          onProgress: (fraction) => dispatch({ type: 'progress', localId, fraction }),
        })
        .then(
          (attachment) => {
            if (controller.signal.aborted) return;
            dispatch({ type: 'uploaded', localId, attachment });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const failure = toWidgetError(error);
            dispatch({ type: 'uploadFailed', localId, message: failure.message });
            callbacks.current.onError(failure);
          },
        );
    }
    // Files that left the list (removed, sent) need nothing any more.
    const listed = new Set(state.files.map((f) => f.localId));
    for (const localId of [...picked.current.keys()]) {
      if (listed.has(localId)) continue;
      picked.current.delete(localId);
      uploads.current.delete(localId);
    }
  }, [source, state.files]);

  const removeFile = useCallback((localId: string) => {
    uploads.current.get(localId)?.abort();
    dispatch({ type: 'removed', localId });
  }, []);

  const setText = useCallback((text: string) => dispatch({ type: 'textChanged', text }), []);

  const send = useCallback(() => {
    const now = stateRef.current;
    if (sendBlocker(now) !== null) return;
    callbacks.current.onSend(outgoing(now));
    dispatch({ type: 'sent' });
  }, []);

  return { state, addFiles, removeFile, setText, send };
}
