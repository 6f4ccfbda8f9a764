import * as XLSX from '@e965/xlsx';
import { deflatedPart, SHEET_HEAD, SHEET_PATH, SHEET_TAIL, workbookWithSheet } from './handWrittenZip.testFixture';
import { decodeUtf8Marking, parseUpload, textSafeForStorage, UnreadableFileError, UPLOAD_LIMITS } from './parseUpload';

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

  describe('When a workbook reaches far past the cells it holds', () => {
    /** Issue 20's workbook: header name,reference_number, one more cell at XFD1, then `rows` rows of one cell. */
    const sparse = (rows: number, lastHeader = 'XFD1') => {
      const parts = [`<row r="1">${cell('A1', 'name')}${cell('B1', 'reference_number')}${cell(lastHeader, 'x')}</row>`];
      for (let row = 2; row <= rows + 1; row++) parts.push(`<row r="${row}">${cell(`A${row}`, 'a')}</row>`);
      return workbookWithSheet(deflatedPart(SHEET_PATH, `${SHEET_HEAD}${parts.join('')}${SHEET_TAIL}`));
    };

    it('should refuse 16 384 columns from the cells read, without building rows that wide', () => {
      const file = sparse(20_000);
      const started = performance.now();
      const heapBefore = process.memoryUsage().heapUsed;
      expect(() => parseUpload(file, 'xlsx')).toThrow(new UnreadableFileError('The file has more than 300 columns'));
      // Materialised, it is 16 384 × 20 001 cells: gigabytes, and tens of seconds.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('should read a sheet 300 columns wide, each row only as wide as its cells until padded to the headers', () => {
      const parsed = parseUpload(sparse(3, 'KN1'), 'xlsx');
      expect(parsed.headers).toHaveLength(UPLOAD_LIMITS.maxColumns);
      expect(parsed.headers.slice(0, 3)).toEqual(['name', 'reference_number', '']);
      expect(parsed.headers[299]).toBe('x');
      expect(parsed.rows).toHaveLength(3);
      expect(parsed.rows[0]).toHaveLength(300);
      expect(parsed.rows[0].slice(0, 2)).toEqual(['a', '']);
    });

    it("should number a workbook's rows as the sheet does, blank rows and a first blank column skipped", () => {
      const xml =
        `${SHEET_HEAD}<row r="2">${cell('B2', 'reference_number')}${cell('C2', 'name')}</row>` +
        `<row r="3">${cell('B3', 'R1')}${cell('C3', 'Awa')}</row><row r="6">${cell('B6', 'R2')}</row>${SHEET_TAIL}`;
      const parsed = parseUpload(workbookWithSheet(deflatedPart(SHEET_PATH, xml)), 'xlsx');
      expect(parsed.headers).toEqual(['reference_number', 'name']);
      expect(parsed.rows).toEqual([
        ['R1', 'Awa'],
        ['R2', ''],
      ]);
      expect(parsed.rowNumbers).toEqual([3, 6]);
    });

    it('should refuse more cells than the limit once rows are as wide as the headers, before padding them', () => {
      const headers = Array.from({ length: 300 }, (_, index) => `c${index}`).join(',');
      const file = Buffer.from(`${headers}\n${'x\n'.repeat(40_000)}`);
      expect(() => parseUpload(file, 'csv')).toThrow(
        new UnreadableFileError('The file has more than 10,000,000 cells (records × columns); split it into smaller files'),
      );
    });
  });

  describe('When a CSV file is not all UTF-8', () => {
    const utf8 = (text: string) => [...Buffer.from(text, 'utf8')];

    it('should keep the valid UTF-8 and name the cells of stray bytes', () => {
      const bytes = [...utf8('reference_number,name\nR1,Zoé Ngono\nR2,Ren'), 0xe9, ...utf8(' Diop\nR3,Aïssatou Bâ\n')];
      const parsed = parseUpload(Buffer.from(bytes), 'csv');
      expect(parsed.rows).toEqual([
        ['R1', 'Zoé Ngono'],
        ['R2', 'Ren\uFFFD Diop'],
        ['R3', 'Aïssatou Bâ'],
      ]);
      expect(parsed.undecodable).toEqual([{ row: 3, column: 'name' }]);
    });

    it('should name nothing for a UTF-8 file, a literal U+FFFD included', () => {
      expect(parseUpload(Buffer.from('reference_number,name\nR1,Zoé \uFFFD\n'), 'csv').undecodable).toBeUndefined();
    });

    it('should read a file with a UTF-8 byte order mark as UTF-8 whatever it holds', () => {
      const parsed = parseUpload(Buffer.from([0xef, 0xbb, 0xbf, ...utf8('name\nZo'), 0xe9]), 'csv');
      expect(parsed).toMatchObject({ headers: ['name'], rows: [['Zo\uFFFD']], undecodable: [{ row: 2, column: 'name' }] });
    });

    it('should count valid multibyte sequences and runs of invalid bytes, the Unicode way', () => {
      // Overlong (C0 AF), a surrogate (ED A0 80), past U+10FFFF (F4 90 80 80) and a lone continuation are invalid.
      const marked = decodeUtf8Marking(
        Buffer.from([...utf8('é€😀'), 0x41, 0xc0, 0xaf, 0x41, 0xed, 0xa0, 0x80, 0x41, 0xf4, 0x90, 0x80, 0x80, 0x41, 0x80]),
      );
      expect(marked).toEqual({ text: 'é€😀A\u0000A\u0000A\u0000A\u0000', multibyte: 3, invalid: 4 });
    });

    it.each([
      ['little-endian', 'utf16le' as const, [0xff, 0xfe]],
      ['big-endian', 'utf16be' as const, [0xfe, 0xff]],
    ])('should read UTF-16 %s with its byte order mark', (_name, encoding, bom) => {
      const text = 'reference_number;name\r\nR1;Zoé Ngono 😀\r\nR2;Aïssatou Bâ\r\n';
      const little = Buffer.from(text, 'utf16le');
      const body = encoding === 'utf16le' ? little : Buffer.from(little).swap16();
      const parsed = parseUpload(Buffer.concat([Buffer.from(bom), body]), 'csv');
      expect(parsed.headers).toEqual(['reference_number', 'name']);
      expect(parsed.rows).toEqual([
        ['R1', 'Zoé Ngono 😀'],
        ['R2', 'Aïssatou Bâ'],
      ]);
    });

    it('should still refuse UTF-16 without a byte order mark, and NUL characters in UTF-16, as binary', () => {
      const binary = new UnreadableFileError('The file is not a text CSV file (it contains binary data)');
      expect(() => parseUpload(Buffer.from('name\nZoé', 'utf16le'), 'csv')).toThrow(binary);
      expect(() => parseUpload(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\nZo\u0000', 'utf16le')]), 'csv')).toThrow(
        binary,
      );
    });
  });
});
