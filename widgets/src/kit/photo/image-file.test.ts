import { IMAGE_MAX_BYTES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_FILE_MESSAGES,
  documentFileProblem,
  IMAGE_FILE_MESSAGES,
  imageContentProblem,
  imageFileProblem,
} from './image-file.ts';

const file = (type: string, size = 1000) => ({ type, size });

describe('imageFileProblem', () => {
  it('accepts one JPEG or PNG', () => {
    expect(imageFileProblem([file('image/jpeg')])).toBeNull();
    expect(imageFileProblem([file('image/png')])).toBeNull();
  });

  it('refuses other types, several files, none, and files over the limit', () => {
    expect(imageFileProblem([file('image/gif')])).toBe(IMAGE_FILE_MESSAGES.type);
    expect(imageFileProblem([file('image/webp')])).toBe(IMAGE_FILE_MESSAGES.type);
    expect(imageFileProblem([file('image/png'), file('image/png')])).toBe(
      IMAGE_FILE_MESSAGES.oneFile,
    );
    expect(imageFileProblem([])).toBe(IMAGE_FILE_MESSAGES.oneFile);
    expect(imageFileProblem([file('image/png', IMAGE_MAX_BYTES + 1)])).toBe(
      IMAGE_FILE_MESSAGES.size,
    );
  });

  it('takes several files for a gallery when asked', () => {
    expect(imageFileProblem([file('image/png'), file('image/jpeg')], { single: false })).toBeNull();
    expect(imageFileProblem([file('image/png'), file('text/plain')], { single: false })).toBe(
      IMAGE_FILE_MESSAGES.type,
    );
  });
});

describe('imageContentProblem', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  const decodes = async () => {};
  const fails = async () => {
    throw new Error('The source image could not be decoded.');
  };

  it('takes a file whose bytes are a PNG or a JPEG that decodes', async () => {
    const png = new File([PNG], 'photo.png', { type: 'image/png' });
    expect(await imageContentProblem(png, { decode: decodes })).toBeNull();
    const jpeg = new File([JPEG_HEAD], 'photo.jpg', { type: 'image/jpeg' });
    expect(await imageContentProblem(jpeg, { decode: decodes })).toBeNull();
  });

  it('refuses a renamed text file, PDF or GIF with the type message, by content', async () => {
    const named = (text: string, name: string, type: string) => new File([text], name, { type });
    for (const file of [
      named('not an image at all', 'notimg.png', 'image/png'),
      named('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'doc.jpg', 'image/jpeg'),
      named('GIF89a\x01\x00\x01\x00', 'anim.png', 'image/png'),
      named('', 'empty.png', 'image/png'),
    ]) {
      expect(await imageContentProblem(file, { decode: decodes }), file.name).toBe(
        IMAGE_FILE_MESSAGES.type,
      );
    }
  });

  it('refuses a file that starts like a PNG but does not decode', async () => {
    const broken = new File([PNG.subarray(0, 16)], 'broken.png', { type: 'image/png' });
    expect(await imageContentProblem(broken, { decode: fails })).toBe(IMAGE_FILE_MESSAGES.type);
  });
});

describe('documentFileProblem', () => {
  it('accepts PDFs only', () => {
    expect(documentFileProblem(file('application/pdf'))).toBeNull();
    expect(documentFileProblem(file('image/png'))).toBe(DOCUMENT_FILE_MESSAGES.type);
  });
});
