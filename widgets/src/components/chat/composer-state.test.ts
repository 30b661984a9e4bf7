import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_CHARS,
  type ChatAttachment,
} from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ComposerAction,
  composerReducer,
  EMPTY_COMPOSER,
  needsUpload,
  outgoing,
  sendBlocker,
} from './composer-state.ts';
import { CONVERSATION_TEXT } from './conversation-text.ts';

const file = (localId: string, size = 1000) => ({
  localId,
  name: `${localId}.pdf`,
  size,
  mime: 'application/pdf',
});
const stored = (id: string): ChatAttachment => ({
  id,
  kind: 'document',
  url: `/api/files/${id}`,
  name: `${id}.pdf`,
  mime: 'application/pdf',
  size: 1000,
});
const run = (...actions: ComposerAction[]) => actions.reduce(composerReducer, EMPTY_COMPOSER);

describe('composer', () => {
  it('cannot send nothing or blanks', () => {
    expect(sendBlocker(EMPTY_COMPOSER)).toBe('empty');
    expect(sendBlocker(run({ type: 'textChanged', text: '  \n ' }))).toBe('empty');
    expect(sendBlocker(run({ type: 'textChanged', text: 'Hello' }))).toBeNull();
  });

  it('waits for uploads, tracks progress, and sends files without text', () => {
    const added = run({ type: 'filesAdded', files: [file('a')] });
    expect(added.files.filter(needsUpload)).toHaveLength(1);
    expect(sendBlocker(added)).toBe('uploading');
    const half = composerReducer(added, { type: 'progress', localId: 'a', fraction: 0.5 });
    expect(half.files[0]?.progress).toBe(0.5);
    // Progress never goes back (a late event).
    expect(
      composerReducer(half, { type: 'progress', localId: 'a', fraction: 0.2 }).files[0]?.progress,
    ).toBe(0.5);
    const done = composerReducer(half, {
      type: 'uploaded',
      localId: 'a',
      attachment: stored('f1'),
    });
    expect(done.files[0]).toMatchObject({ status: 'uploaded', progress: 1 });
    expect(sendBlocker(done)).toBeNull();
    expect(outgoing(done)).toEqual({ text: '', attachments: [stored('f1')] });
  });

  it('refuses files over the limit without uploading them, and blocks Send until removed', () => {
    const state = run(
      { type: 'textChanged', text: 'see attached' },
      { type: 'filesAdded', files: [file('big', CHAT_ATTACHMENT_MAX_BYTES + 1)] },
    );
    expect(state.files[0]).toMatchObject({ status: 'failed', error: CONVERSATION_TEXT.tooLarge });
    expect(state.files.filter(needsUpload)).toHaveLength(0);
    expect(sendBlocker(state)).toBe('failed');
    expect(sendBlocker(composerReducer(state, { type: 'removed', localId: 'big' }))).toBeNull();
  });

  it('keeps a failed upload’s message', () => {
    const state = run(
      { type: 'filesAdded', files: [file('a')] },
      { type: 'uploadFailed', localId: 'a', message: 'Error uploading file: wrong type' },
    );
    expect(state.files[0]).toMatchObject({
      status: 'failed',
      error: 'Error uploading file: wrong type',
    });
  });

  it('takes at most the allowed number of files', () => {
    const many = Array.from({ length: CHAT_MAX_ATTACHMENTS + 2 }, (_, i) => file(`f${i}`));
    const state = run({ type: 'filesAdded', files: many });
    expect(state.files).toHaveLength(CHAT_MAX_ATTACHMENTS);
    expect(state.notice).toBe(CONVERSATION_TEXT.tooManyFiles(CHAT_MAX_ATTACHMENTS));
  });

  it('caps the text and trims what is sent', () => {
    const long = run({ type: 'textChanged', text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 10) });
    expect(long.text).toHaveLength(CHAT_MESSAGE_MAX_CHARS);
    expect(outgoing(run({ type: 'textChanged', text: '  hi\nthere  ' })).text).toBe('hi\nthere');
  });

  it('empties after sending', () => {
    const state = run({ type: 'textChanged', text: 'hi' }, { type: 'sent' });
    expect(state).toEqual(EMPTY_COMPOSER);
  });
});
