import * as XLSX from '@e965/xlsx';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One part of a ZIP as written: its deflated bytes, and the size the directory declares for it. */
export type ZipPart = { name: string; compressed: Buffer; crc: number; expandedSize: number; declaredSize?: number };

export function deflatedPart(name: string, content: Buffer | string): ZipPart {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, compressed: deflateRawSync(data), crc: crc32(data), expandedSize: data.length };
}

/**
 * head + chunk × times + tail, deflated without ever holding the expanded text: each chunk is the
 * same sync-flushed deflate block, so gigabytes cost a few megabytes.
 */
export function repeatedPart(name: string, head: string, chunk: string, times: number, tail: string): ZipPart {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_SYNC_FLUSH });
  const block = flushed(chunk);
  const chunkBytes = Buffer.from(chunk);
  let crc = crc32(head);
  for (let index = 0; index < times; index++) crc = crc32(chunkBytes, crc);
  crc = crc32(tail, crc);
  const compressed = Buffer.concat([flushed(head), ...Array.from({ length: times }, () => block), deflateRawSync(Buffer.from(tail))]);
  return { name, compressed, crc, expandedSize: Buffer.byteLength(head) + chunkBytes.length * times + Buffer.byteLength(tail) };
}

/** A plain ZIP (no ZIP64, no data descriptors) whose directory says what each part declares. */
export function writeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.expandedSize;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.compressed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.compressed);
    directory.push(entry, name);
    offset += local.length + name.length + part.compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';
export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** The parts of a real one-sheet workbook written by SheetJS, with its first sheet replaced. */
export function workbookWithSheet(sheet: ZipPart, headers: readonly string[] = ['name']): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...headers]]), 'Clients');
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  // SheetJS types its bundled CFB reader as any.
  const container = XLSX.CFB.read(written, { type: 'buffer' }) as {
    FileIndex: { type: number; content: Uint8Array }[];
    FullPaths: string[];
  };
  const parts = container.FileIndex.flatMap((file, index) => {
    const path = container.FullPaths[index].replace(/^Root Entry\//, '');
    if (file.type !== 2 || path.startsWith('\u0001') || path === SHEET_PATH) return [];
    return [deflatedPart(path, Buffer.from(file.content))];
  });
  return writeZip([...parts, { ...sheet, name: SHEET_PATH }]);
}
