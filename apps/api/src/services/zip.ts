// ZIP archives (an access request's records and files), written by fflate: deflated entries, UTF-8 names.
import { zipSync } from 'fflate';

export interface ZipEntry {
  /** Path inside the archive, `/`-separated. */
  name: string;
  data: Buffer;
}

/** The archive as one buffer, entries in the order given, each stamped with `now`. */
export function createZip(entries: ZipEntry[], now = new Date()): Buffer {
  const files = Object.fromEntries(entries.map((entry) => [entry.name, entry.data]));
  return Buffer.from(zipSync(files, { level: 6, mtime: now }));
}
