import { describe, expect, it } from 'vitest';
import { zip } from '../../test/file-type.fixtures.ts';
import { detectCvType, zipEntryNames } from './file-type.ts';

describe('detectCvType', () => {
  it('recognises PDF, DOC (OLE2) and DOCX by their bytes', () => {
    expect(detectCvType(Buffer.from('%PDF-1.4\n...'))).toBe('pdf');
    expect(detectCvType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(detectCvType(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }))).toBe('docx');
  });

  it('refuses other content whatever it claims to be', () => {
    expect(detectCvType(Buffer.from(''))).toBeNull();
    expect(detectCvType(Buffer.from('PDF-1.4 without the percent'))).toBeNull();
    expect(detectCvType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(detectCvType(zip({ 'xl/workbook.xml': '<workbook/>' }))).toBeNull();
    // A ZIP signature with no readable central directory.
    expect(detectCvType(Buffer.from('PK\x03\x04 truncated word/document.xml', 'latin1'))).toBeNull();
  });
});

describe('zipEntryNames', () => {
  it('lists the central directory and survives a truncated archive', () => {
    const archive = zip({ 'a.txt': 'a', 'word/document.xml': 'x' });
    expect(zipEntryNames(archive)).toEqual(['a.txt', 'word/document.xml']);
    expect(zipEntryNames(archive.subarray(0, archive.length - 30))).toBeNull();
  });
});
