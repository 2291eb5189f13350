// Recognises a file by its bytes (not its name or the type the browser declared): a CV as PDF, Word 97-2003
// (OLE2) or Word 2007+ (ZIP with word/ entries); a quote attachment as one of the common document, image and
// archive types, else plain text or opaque bytes.

export type CvType = 'pdf' | 'doc' | 'docx';

export const CV_CONTENT_TYPES: Record<CvType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The CV type a stored content type stands for (the extension a download gets). */
export const cvTypeOf = (contentType: string | null | undefined): CvType | undefined =>
  (Object.keys(CV_CONTENT_TYPES) as CvType[]).find((type) => CV_CONTENT_TYPES[type] === contentType);

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
/** The end-of-directory record is 22 bytes plus a comment of at most 65535 bytes. */
const ZIP_EOCD_MAX_SEARCH = 22 + 0xffff;
const ZIP_MAX_ENTRIES = 10_000;

/** True when `data` begins with the bytes of `signature`. */
const startsWith = (data: Buffer, signature: Buffer) => data.subarray(0, signature.length).equals(signature);

export function detectCvType(data: Buffer): CvType | null {
  if (startsWith(data, PDF_MAGIC)) return 'pdf';
  if (startsWith(data, OLE2_MAGIC)) return 'doc';
  if (data.length >= 4 && data.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
    const names = zipEntryNames(data);
    if (names?.some((name) => name.startsWith('word/'))) return 'docx';
  }
  return null;
}

/** Entry names from a ZIP file's central directory; null when the directory cannot be read. */
export function zipEntryNames(data: Buffer): string[] | null {
  const end = findEndOfDirectory(data);
  if (end < 0) return null;
  const entries = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  // ZIP64 archives mark these with 0xFFFF/0xFFFFFFFF; a CV never needs one.
  if (offset + size > end || entries > ZIP_MAX_ENTRIES) return null;
  const names: string[] = [];
  let pos = offset;
  for (let i = 0; i < entries; i++) {
    if (pos + 46 > end || data.readUInt32LE(pos) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = data.readUInt16LE(pos + 28);
    const extraLength = data.readUInt16LE(pos + 30);
    const commentLength = data.readUInt16LE(pos + 32);
    if (pos + 46 + nameLength > end) return null;
    names.push(data.toString('utf8', pos + 46, pos + 46 + nameLength));
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function findEndOfDirectory(data: Buffer): number {
  const stop = Math.max(0, data.length - ZIP_EOCD_MAX_SEARCH);
  for (let pos = data.length - 22; pos >= stop; pos--) {
    if (data.readUInt32LE(pos) === ZIP_END_OF_DIRECTORY) return pos;
  }
  return -1;
}

/** Leading bytes of the attachment types recognised, with the type each stands for. */
const SIGNATURES: [signature: Buffer, contentType: string][] = [
  [PDF_MAGIC, CV_CONTENT_TYPES.pdf],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
  [Buffer.from('GIF87a', 'latin1'), 'image/gif'],
  [Buffer.from('GIF89a', 'latin1'), 'image/gif'],
  [OLE2_MAGIC, 'application/x-ole-storage'],
];

/** ZIP-based Office files by the folder their entries live in; any other ZIP is an archive. */
const OFFICE_FOLDERS: [folder: string, contentType: string][] = [
  ['word/', CV_CONTENT_TYPES.docx],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

/** Text types a browser may declare for text content and keep (CSV stays CSV); any other text is plain. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/**
 * The content type a quote attachment is stored and downloaded with, read from its bytes: what the browser
 * `declared` counts only to tell CSV from other plain text. Unrecognised bytes are plain text when they are
 * UTF-8 without control characters, else `application/octet-stream`.
 */
export function detectAttachmentType(data: Buffer, declared = ''): string {
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  for (const [signature, contentType] of SIGNATURES) {
    if (startsWith(data, signature)) return contentType;
  }
  if (data.length >= 4 && data.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
    const names = zipEntryNames(data) ?? [];
    return OFFICE_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1] ?? 'application/zip';
  }
  if (!isPlainText(data)) return 'application/octet-stream';
  const text = declared.split(';')[0]!.trim().toLowerCase();
  return TEXT_TYPES.has(text) ? text : 'text/plain';
}

/** Control bytes that text does not hold (tab, line feed, form feed and carriage return are text). */
const isControl = (byte: number) => (byte < 0x20 ? ![0x09, 0x0a, 0x0c, 0x0d].includes(byte) : byte === 0x7f);

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(data: Buffer): boolean {
  if (data.some(isControl)) return false;
  try {
    UTF8.decode(data);
    return true;
  } catch {
    return false;
  }
}

/** Leading bytes of programs a computer runs (Windows PE, ELF, Mach-O): never taken as a quote's attachment. */
const EXECUTABLE_SIGNATURES = [
  Buffer.from('MZ', 'latin1'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
];

/** True when the bytes are a program (Windows, Linux or macOS executable). */
export const isExecutable = (data: Buffer): boolean =>
  EXECUTABLE_SIGNATURES.some((signature) => startsWith(data, signature));

/** The extensions a name may end with for each recognised type; the first is the one a wrong name is given. */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/x-ole-storage': ['doc', 'xls', 'ppt', 'msg'],
  [CV_CONTENT_TYPES.docx]: ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/zip': ['zip'],
  'text/csv': ['csv', 'txt'],
  'text/plain': ['txt', 'text', 'md', 'csv', 'log'],
  'application/octet-stream': ['bin'],
};

/**
 * The name an attachment of `contentType` is kept and downloaded under: `name` when its extension fits the
 * content, else the same name with the content's extension (`run.bat` holding text is `run.txt`).
 */
export function nameForContent(name: string, contentType: string): string {
  const allowed = EXTENSIONS[contentType] ?? ['bin'];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (allowed.includes(extension)) return name;
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[.\s]+$/, '') || 'file';
  return `${stem}.${allowed[0]}`;
}
