import { IMAGE_MAX_BYTES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_FILE_MESSAGES,
  documentFileProblem,
  IMAGE_FILE_MESSAGES,
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

describe('documentFileProblem', () => {
  it('accepts PDFs only', () => {
    expect(documentFileProblem(file('application/pdf'))).toBeNull();
    expect(documentFileProblem(file('image/png'))).toBe(DOCUMENT_FILE_MESSAGES.type);
  });
});
