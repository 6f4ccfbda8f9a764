import { inflateRawSync } from 'node:zlib';
import { UnreadableFileError } from './unreadableFile';

export const ZIP_LIMITS = { maxEntries: 10_000, maxExpandedBytes: 100 * 1024 * 1024 } as const;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_MARKER = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
const SIZES_AFTER_DATA = 0x0008;
const ENCRYPTED = 0x2041;
const STORED = 0;
const DEFLATED = 8;

const refuse = (reason: string): never => {
  throw new UnreadableFileError(`The Excel workbook could not be read: ${reason}`);
};

export type ZipEntry = { name: string; method: number; compressedSize: number; expandedSize: number; dataOffset: number };

/**
 * SheetJS inflates every entry of a workbook at once, trusting neither the directory nor any limit,
 * so a few megabytes can expand to gigabytes. This reads the ZIP structure the way SheetJS does and
 * refuses, before SheetJS sees it, anything that would expand past the limits or that is not what
 * its directory says, so the directory's sizes are the most SheetJS will ever inflate.
 */
export function inspectWorkbookZip(buffer: Buffer, limits = ZIP_LIMITS): ZipEntry[] {
  const entries = directoryEntries(buffer, limits);
  let expanded = 0;
  for (const entry of entries) {
    expanded += entry.expandedSize;
    if (expanded > limits.maxExpandedBytes) {
      const megabytes = Math.round(limits.maxExpandedBytes / (1024 * 1024));
      throw new UnreadableFileError(`The workbook expands to more than ${megabytes} MB of data; split it into smaller files`);
    }
  }
  for (const entry of entries) assertExpandsAsDeclared(buffer, entry);
  return entries;
}

function endOfDirectory(buffer: Buffer): number {
  // Same search as SheetJS (the last signature from the end) so both read the same directory.
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let offset = buffer.length - 4; offset >= earliest; offset--) {
    if (buffer.readUInt32LE(offset) !== END_OF_DIRECTORY) continue;
    if (offset + 22 > buffer.length) refuse('the file is truncated');
    return offset;
  }
  return refuse('the file is truncated or not a ZIP archive (no central directory)');
}

function directoryEntries(buffer: Buffer, limits: typeof ZIP_LIMITS): ZipEntry[] {
  if (buffer.length < 22) refuse('the file is truncated');
  const end = endOfDirectory(buffer);
  const diskEntries = buffer.readUInt16LE(end + 8);
  const totalEntries = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  if (diskEntries === 0xffff || totalEntries === 0xffff || directorySize === ZIP64_MARKER || directoryOffset === ZIP64_MARKER)
    refuse('ZIP64 archives are not accepted');
  if (buffer.readUInt16LE(end + 4) !== 0 || buffer.readUInt16LE(end + 6) !== 0 || diskEntries !== totalEntries)
    refuse('multi-part archives are not accepted');
  if (totalEntries === 0) refuse('the archive is empty');
  if (totalEntries > limits.maxEntries) refuse(`it holds more than ${limits.maxEntries.toLocaleString('en-US')} parts`);
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > end) refuse('the central directory is truncated or inconsistent');

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < totalEntries; index++) {
    if (at + 46 > directoryEnd || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) refuse('the central directory is truncated or inconsistent');
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const expandedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directoryEnd) refuse('the central directory is truncated or inconsistent');
    if ([compressedSize, expandedSize, localOffset].includes(ZIP64_MARKER) || buffer.readUInt16LE(at + 34) === 0xffff)
      refuse('ZIP64 archives are not accepted');
    if (hasZip64Extra(buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength))) refuse('ZIP64 archives are not accepted');
    const name = partName(buffer.toString('latin1', at + 46, at + 46 + nameLength));
    const dataOffset = localData(buffer, { method, compressedSize, expandedSize, localOffset, directoryOffset, name });
    entries.push({ name, method, compressedSize, expandedSize, dataOffset });
    at = next;
  }
  return entries;
}

/** SheetJS takes the sizes from the local header, so they must agree with the directory's. */
function localData(
  buffer: Buffer,
  entry: { method: number; compressedSize: number; expandedSize: number; localOffset: number; directoryOffset: number; name: string },
): number {
  const { localOffset: at } = entry;
  if (at + 30 > entry.directoryOffset || buffer.readUInt32LE(at) !== LOCAL_HEADER) refuse(`the part ${entry.name} is missing or damaged`);
  const flags = buffer.readUInt16LE(at + 6);
  const method = buffer.readUInt16LE(at + 8);
  const nameLength = buffer.readUInt16LE(at + 26);
  const extraLength = buffer.readUInt16LE(at + 28);
  const dataOffset = at + 30 + nameLength + extraLength;
  if (flags & ENCRYPTED) refuse('encrypted parts are not accepted');
  if (method !== entry.method || (method !== STORED && method !== DEFLATED))
    refuse(`the part ${entry.name} uses an unsupported compression`);
  if (hasZip64Extra(buffer.subarray(at + 30 + nameLength, dataOffset))) refuse('ZIP64 archives are not accepted');
  const sizesMatch =
    (flags & SIZES_AFTER_DATA) !== 0 ||
    (buffer.readUInt32LE(at + 18) === entry.compressedSize && buffer.readUInt32LE(at + 22) === entry.expandedSize);
  if (!sizesMatch || dataOffset + entry.compressedSize > entry.directoryOffset)
    refuse(`the part ${entry.name} does not match the central directory`);
  if (method === STORED && entry.compressedSize !== entry.expandedSize)
    refuse(`the part ${entry.name} does not match the central directory`);
  return dataOffset;
}

/** Part names end up in the failure reason, stored as text: no control characters, bounded length. */
const partName = (raw: string) => raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 120);

function hasZip64Extra(extra: Buffer): boolean {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) === ZIP64_EXTRA) return true;
  }
  return false;
}

/**
 * A directory can lie: SheetJS inflates each stream to its end whatever size is declared. Inflating
 * here with the declared size as a hard cap bounds the work and memory, and proves SheetJS's own
 * inflation of the same bytes will stop at that size too.
 */
function assertExpandsAsDeclared(buffer: Buffer, entry: ZipEntry): void {
  if (entry.method !== DEFLATED) return;
  const compressed = buffer.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let expandedSize: number;
  try {
    expandedSize = inflateRawSync(compressed, { maxOutputLength: Math.max(entry.expandedSize, 1) }).length;
  } catch {
    return refuse(`the part ${entry.name} expands to more than its declared size or is damaged`);
  }
  if (expandedSize !== entry.expandedSize) refuse(`the part ${entry.name} does not match the central directory`);
}
