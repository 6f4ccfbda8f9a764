import * as XLSX from '@e965/xlsx';
import { deflatedPart, SHEET_HEAD, SHEET_PATH, SHEET_TAIL, workbookWithSheet } from './handWrittenZip.testFixture';
import { parseUpload, textSafeForStorage, UnreadableFileError } from './parseUpload';

const cell = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('Reading an upload', () => {
  describe('When workbook cells hold NUL or unpaired surrogates', () => {
    it('should strip NUL and replace unpaired surrogates, in headers and cells', () => {
      const xml =
        `${SHEET_HEAD}<row r="1">${cell('A1', 'na_x0000_me')}${cell('B1', 'reference_number')}</row>` +
        `<row r="2">${cell('A2', 'Awa_x0000_ Diop&#xD800;')}${cell('B2', 'R&#xDC00;1')}</row>${SHEET_TAIL}`;
      const parsed = parseUpload(workbookWithSheet(deflatedPart(SHEET_PATH, xml)), 'xlsx');
      expect(parsed.headers).toEqual(['name', 'reference_number']);
      expect(parsed.rows).toEqual([['Awa Diop\uFFFD', 'R\uFFFD1']]);
    });

    it('should read a NUL written by SheetJS itself', () => {
      const sheet = XLSX.utils.aoa_to_sheet([['name'], ['Jean\u0000 Mbarga']]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Clients');
      const parsed = parseUpload(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 'xlsx');
      expect(parsed.rows).toEqual([['Jean Mbarga']]);
    });
  });

  it('should keep surrogate pairs and ordinary text as they are', () => {
    expect(textSafeForStorage('Zoé 😀 Ngono')).toBe('Zoé 😀 Ngono');
    expect(textSafeForStorage('\uDBFF\u0000\uDFFF')).toBe('\uDBFF\uDFFF');
    expect(textSafeForStorage('\uDFFF\uDBFF')).toBe('\uFFFD\uFFFD');
  });

  it('should refuse a truncated workbook as unreadable', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['name'], ['Client']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Clients');
    const whole = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(() => parseUpload(whole.subarray(0, whole.length - 30), 'xlsx')).toThrow(UnreadableFileError);
  });

  describe('When a CSV file is read', () => {
    const csv = (text: string) => parseUpload(Buffer.from(text, 'utf8'), 'csv');

    it('should number rows as the file does, blank lines included, and skip the blank ones', () => {
      const parsed = csv('reference_number,name\nR1,Awa\n\n  ,  \nR2,Jean\n');
      expect(parsed.rows).toEqual([
        ['R1', 'Awa'],
        ['R2', 'Jean'],
      ]);
      expect(parsed.rowNumbers).toEqual([2, 5]);
    });

    it('should read semicolon-separated files from French-locale spreadsheets', () => {
      const parsed = csv('reference_number;monthly_income\nR1;"150 000,50"\n');
      expect(parsed.headers).toEqual(['reference_number', 'monthly_income']);
      expect(parsed.rows).toEqual([['R1', '150 000,50']]);
    });

    it('should give every row one cell per header, short rows padded and long rows cut', () => {
      const parsed = csv('a,b,c\n1\n1,2,3,4\n');
      expect(parsed.rows).toEqual([
        ['1', '', ''],
        ['1', '2', '3'],
      ]);
    });

    it('should decode Windows-1252 when the file is not UTF-8', () => {
      const parsed = parseUpload(Buffer.from([...Buffer.from('name\nZo'), 0xe9]), 'csv');
      expect(parsed.rows).toEqual([['Zoé']]);
    });

    it('should decode the Windows-1252 characters ISO-8859-1 lacks: curly quotes, dashes, the euro sign', () => {
      // Zoé “quoted” €uro – as a French-locale Excel saves it: é E9, “ 93, ” 94, € 80, – 96.
      const bytes = [
        ...Buffer.from('name,note\nZo'),
        0xe9,
        ...Buffer.from(','),
        0x93,
        ...Buffer.from('quoted'),
        0x94,
        0x20,
        0x80,
        ...Buffer.from('uro '),
        0x96,
      ];
      const parsed = parseUpload(Buffer.from(bytes), 'csv');
      expect(parsed.rows).toEqual([['Zoé', '“quoted” €uro –']]);
    });
  });
});
