import { csvCell, csvLine, timestampToIso } from './exportCsv';

describe('CSV cells of an export', () => {
  it('writes numbers and plain texts as they are, and nothing for a missing value', () => {
    expect(csvCell(2792029)).toBe('2792029');
    expect(csvCell(0.5539452131111111)).toBe('0.5539452131111111');
    expect(csvCell('14.94')).toBe('14.94');
    expect(csvCell('Boris Tchoupo')).toBe('Boris Tchoupo');
    expect(csvCell('2026-11-23T12:33:51.915Z')).toBe('2026-11-23T12:33:51.915Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes texts with a comma, a semicolon, a quote or a line break', () => {
    expect(csvCell('Ngo, Marie')).toBe('"Ngo, Marie"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+237 6 99')).toBe("'+237 6 99");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('joins a line with commas and ends it with CRLF', () => {
    expect(csvLine(['C1', 'Ngo, Marie', 1000, null])).toBe('C1,"Ngo, Marie",1000,\r\n');
    expect(csvLine(['only'])).toBe('only\r\n');
  });

  it("writes PostgreSQL's JSON text of a time as toISOString does, in UTC to the millisecond", () => {
    expect(timestampToIso('2026-11-23T12:41:08.412+00:00')).toBe('2026-11-23T12:41:08.412Z');
    expect(timestampToIso('2026-11-23T12:41:08+00:00')).toBe('2026-11-23T12:41:08.000Z');
    expect(timestampToIso('2026-11-23T12:41:08.41+00:00')).toBe('2026-11-23T12:41:08.410Z');
    expect(timestampToIso('2026-11-24T00:41:08.412345+01:00')).toBe('2026-11-23T23:41:08.412Z');
    expect(timestampToIso('2026-11-23T12:41:08.4-03:30')).toBe('2026-11-23T16:11:08.400Z');
  });
});
