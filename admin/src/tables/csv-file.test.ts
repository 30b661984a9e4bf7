import { describe, expect, it } from 'vitest';
import { decodeCsvFile } from './csv-file.ts';

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('decodeCsvFile', () => {
  it('decodes UTF-8 text from base64, accents included', () => {
    expect(decodeCsvFile({ fileName: 'brands.csv', file: base64('name\nCafé Ré\n') })).toEqual({
      fileName: 'brands.csv',
      text: 'name\nCafé Ré\n',
    });
  });

  it('refuses a missing, empty or broken file', () => {
    expect(decodeCsvFile(null)).toBeNull();
    expect(decodeCsvFile({ fileName: 'a.csv' })).toBeNull();
    expect(decodeCsvFile({ fileName: 'a.csv', file: '' })).toBeNull();
    expect(decodeCsvFile({ fileName: 'a.csv', file: '%%%' })).toBeNull();
  });
});
