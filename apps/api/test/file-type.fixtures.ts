// Test fixture: a ZIP archive of text entries, to build DOCX-like files.
import { createZip } from '../src/services/zip.ts';

export const zip = (entries: Record<string, string>): Buffer =>
  createZip(Object.entries(entries).map(([name, content]) => ({ name, data: Buffer.from(content, 'utf8') })));

/** A whole 1×1 PNG: file-type reads past the signature, to the first chunk. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
