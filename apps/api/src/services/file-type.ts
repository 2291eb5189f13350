// Recognises a file by its bytes (not its name or the type the browser declared), with file-type's signatures:
// a CV as PDF, Word 97-2003 (OLE2) or Word 2007+ (ZIP with word/ entries); a quote attachment as one of the common
// document, image and archive types, else plain text or opaque bytes.
import { unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';

export type CvType = 'pdf' | 'doc' | 'docx';

export const CV_CONTENT_TYPES: Record<CvType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The CV type a stored content type stands for (the extension a download gets). */
export const cvTypeOf = (contentType: string | null | undefined): CvType | undefined =>
  (Object.keys(CV_CONTENT_TYPES) as CvType[]).find((type) => CV_CONTENT_TYPES[type] === contentType);

/** Entry names of a ZIP archive (read by fflate, nothing decompressed); null when it cannot be read. */
export function zipEntryNames(data: Buffer): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(data, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
    return names;
  } catch {
    return null;
  }
}

/** ZIP-based Office files by the folder their entries live in; any other ZIP is an archive. */
const OFFICE_FOLDERS: [folder: string, contentType: string][] = [
  ['word/', CV_CONTENT_TYPES.docx],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];
const OFFICE_TYPES = new Set(OFFICE_FOLDERS.map(([, contentType]) => contentType));

/** Types file-type names differently from what a download of it is served as. */
const SERVED_AS: Record<string, string> = { 'application/x-cfb': 'application/x-ole-storage' };

/** Programs a computer runs (Windows PE, ELF, Mach-O), as file-type names them. */
const EXECUTABLE_TYPES = new Set(['application/x-msdownload', 'application/x-elf', 'application/x-mach-binary']);

/**
 * The type of binary content by its leading bytes (file-type), an Office file told from a plain ZIP by the folders
 * of its entries; undefined when no signature fits.
 */
async function binaryType(data: Buffer): Promise<string | undefined> {
  const found = (await fileTypeFromBuffer(data))?.mime;
  if (found !== 'application/zip' && !OFFICE_TYPES.has(found ?? '')) return found && (SERVED_AS[found] ?? found);
  const names = zipEntryNames(data);
  if (!names) return found === 'application/zip' ? 'application/zip' : found;
  return OFFICE_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1] ?? 'application/zip';
}

export async function detectCvType(data: Buffer): Promise<CvType | null> {
  const type = await binaryType(data);
  if (type === 'application/x-ole-storage') return 'doc';
  return (Object.keys(CV_CONTENT_TYPES) as CvType[]).find((cv) => CV_CONTENT_TYPES[cv] === type) ?? null;
}

/** Text types a browser may declare for text content and keep (CSV stays CSV); any other text is plain. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/**
 * The content type a quote attachment is stored and downloaded with, read from its bytes: what the browser
 * `declared` counts only to tell CSV from other plain text. Unrecognised bytes are plain text when they are
 * UTF-8 without control characters, else `application/octet-stream`.
 */
export const detectAttachmentType = async (data: Buffer, declared = ''): Promise<string> =>
  (await readAttachment(data, declared)).contentType;

/** A quote attachment read once: whether it is a program (refused), and the content type it is kept with. */
export async function readAttachment(data: Buffer, declared = ''): Promise<{ program: boolean; contentType: string }> {
  const type = await binaryType(data);
  const program = EXECUTABLE_TYPES.has(type ?? '');
  if (type && EXTENSIONS[type]) return { program, contentType: type };
  if (!isPlainText(data)) return { program, contentType: 'application/octet-stream' };
  const text = declared.split(';')[0]!.trim().toLowerCase();
  return { program, contentType: TEXT_TYPES.has(text) ? text : 'text/plain' };
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
