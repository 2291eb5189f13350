import { describe, expect, it } from 'vitest';
import { PNG_1X1, zip } from '../../test/file-type.fixtures.ts';
import { detectAttachmentType, detectCvType, zipEntryNames } from './file-type.ts';

describe('detectCvType', () => {
  it('recognises PDF, DOC (OLE2) and DOCX by their bytes', async () => {
    expect(await detectCvType(Buffer.from('%PDF-1.4\n...'))).toBe('pdf');
    expect(await detectCvType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(await detectCvType(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }))).toBe(
      'docx',
    );
  });

  it('refuses other content whatever it claims to be', async () => {
    expect(await detectCvType(Buffer.from(''))).toBeNull();
    expect(await detectCvType(Buffer.from('PDF-1.4 without the percent'))).toBeNull();
    expect(await detectCvType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(await detectCvType(zip({ 'xl/workbook.xml': '<workbook/>' }))).toBeNull();
    // A ZIP signature with no readable central directory.
    expect(await detectCvType(Buffer.from('PK\x03\x04 truncated word/document.xml', 'latin1'))).toBeNull();
  });
});

describe('zipEntryNames', () => {
  it('lists the central directory and survives a truncated archive', async () => {
    const archive = zip({ 'a.txt': 'a', 'word/document.xml': 'x' });
    expect(zipEntryNames(archive)).toEqual(['a.txt', 'word/document.xml']);
    expect(zipEntryNames(archive.subarray(0, archive.length - 30))).toBeNull();
  });
});

describe('detectAttachmentType', () => {
  it('names a quote attachment by its bytes, not by the type it was sent with', async () => {
    expect(await detectAttachmentType(PNG_1X1, 'text/html')).toBe('image/png');
    expect(await detectAttachmentType(Buffer.from('%PDF-1.7\n'), 'image/png')).toBe('application/pdf');
    expect(await detectAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(await detectAttachmentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(await detectAttachmentType(zip({ 'xl/workbook.xml': '<workbook/>' }))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await detectAttachmentType(zip({ 'notes.txt': 'n' }))).toBe('application/zip');
  });

  it('keeps CSV and plain text as sent, and calls any other text plain', async () => {
    expect(await detectAttachmentType(Buffer.from('name,budget\nAda,1500\n'), 'text/csv')).toBe('text/csv');
    expect(await detectAttachmentType(Buffer.from('<html><script>alert(1)</script>'), 'text/html')).toBe('text/plain');
    expect(await detectAttachmentType(Buffer.from('Grüße aus Kathmandu'), 'application/pdf')).toBe('text/plain');
  });

  it('calls anything else opaque bytes', async () => {
    expect(await detectAttachmentType(Buffer.from([0, 1, 2, 3, 250, 251]), 'image/png')).toBe(
      'application/octet-stream',
    );
    expect(await detectAttachmentType(Buffer.from([0xc3, 0x28]), 'text/plain')).toBe('application/octet-stream');
  });
});
