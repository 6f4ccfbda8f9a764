import * as XLSX from '@e965/xlsx';
import { deflatedPart, repeatedPart, SHEET_HEAD, SHEET_PATH, SHEET_TAIL, workbookWithSheet, writeZip } from './handWrittenZip.testFixture';
import { UnreadableFileError } from './unreadableFile';
import { inspectWorkbookZip, ZIP_LIMITS } from './zipInspection';

const sheetJsWorkbook = (rows: number) => {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['name', 'reference_number'],
    ...Array.from({ length: rows }, (_, index) => [`Client ${index}`, `R${index}`]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Clients');
  return (compression: boolean) => XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression }) as Buffer;
};

const ROW = '<row><c t="inlineStr"><is><t>AAAAAAAAAAAAAAAA</t></is></c></row>';
const MEGABYTE_OF_ROWS = ROW.repeat(Math.floor((1 << 20) / ROW.length));

/** Runs the inspection and returns what it threw, failing on anything but UnreadableFileError. */
const refusal = (buffer: Buffer): string => {
  try {
    inspectWorkbookZip(buffer);
  } catch (error) {
    expect(error).toBeInstanceOf(UnreadableFileError);
    return (error as Error).message;
  }
  throw new Error('the workbook was accepted');
};

describe('Workbook ZIP inspection', () => {
  describe('When SheetJS wrote the workbook', () => {
    it.each([true, false])('should accept it and list its parts (compression %s)', (compression) => {
      const entries = inspectWorkbookZip(sheetJsWorkbook(500)(compression));
      expect(entries.map((entry) => entry.name)).toContain('xl/worksheets/sheet1.xml');
      expect(entries.every((entry) => entry.expandedSize > 0)).toBe(true);
    });

    it('should accept a hand-written workbook of ordinary size', () => {
      const sheet = deflatedPart(SHEET_PATH, `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>${SHEET_TAIL}`);
      expect(inspectWorkbookZip(workbookWithSheet(sheet)).length).toBeGreaterThan(3);
    });
  });

  describe('When the bytes are cut short or damaged', () => {
    const whole = sheetJsWorkbook(200)(true);

    it.each([0, 10, 21, 100, 1000, whole.length - 23, whole.length - 10, whole.length - 1])(
      'should refuse the first %i bytes with an UnreadableFileError',
      (length) => {
        expect(refusal(whole.subarray(0, length))).toMatch(/^The Excel workbook could not be read: /);
      },
    );

    it('should refuse a directory pointing outside the file', () => {
      const damaged = Buffer.from(whole);
      damaged.writeUInt32LE(whole.length + 1000, whole.length - 22 + 16);
      expect(refusal(damaged)).toMatch(/central directory is truncated or inconsistent/);
    });

    it('should refuse ZIP64 markers', () => {
      const zip64 = Buffer.from(whole);
      zip64.writeUInt16LE(0xffff, whole.length - 22 + 10);
      expect(refusal(zip64)).toMatch(/ZIP64/);
    });
  });

  describe('When the workbook would expand too far', () => {
    it('should refuse an honest directory past 100 MB without inflating anything', () => {
      const bomb = repeatedPart(SHEET_PATH, SHEET_HEAD, MEGABYTE_OF_ROWS, 120, SHEET_TAIL);
      const started = Date.now();
      expect(refusal(workbookWithSheet(bomb))).toBe('The workbook expands to more than 100 MB of data; split it into smaller files');
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('should refuse a directory that declares less than a part really holds', () => {
      const liar = { ...repeatedPart(SHEET_PATH, SHEET_HEAD, MEGABYTE_OF_ROWS, 50, SHEET_TAIL), declaredSize: 4096 };
      expect(refusal(workbookWithSheet(liar))).toMatch(/expands to more than its declared size/);
    });

    it('should refuse more parts than the limit', () => {
      const parts = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, index) => deflatedPart(`part${index}.xml`, 'x'));
      expect(refusal(writeZip(parts))).toMatch(/more than 10,000 parts/);
    });

    it('should count the same data named twice in the directory twice', () => {
      const part = repeatedPart(SHEET_PATH, SHEET_HEAD, MEGABYTE_OF_ROWS, 40, SHEET_TAIL);
      const zip = writeZip([part, { ...part, name: 'copy1.xml' }, { ...part, name: 'copy2.xml' }]);
      expect(refusal(zip)).toBe('The workbook expands to more than 100 MB of data; split it into smaller files');
    });
  });
});
