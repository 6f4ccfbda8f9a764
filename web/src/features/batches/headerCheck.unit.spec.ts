import { csvHeader, csvRecords, headerProblems, notesColumns } from './headerCheck';

describe('csvHeader', () => {
  it('reads the first record only, with quotes, doubled quotes, a BOM and CRLF', () => {
    expect(csvHeader('\uFEFFname,"reference_number", "a ""b"", c" ,age\r\nAmina,R1,x,30\r\n')).toEqual([
      'name',
      'reference_number',
      'a "b", c',
      'age',
    ]);
  });

  it('keeps a line break inside a quoted header cell', () => {
    expect(csvHeader('"two\nlines",x\ny')).toEqual(['two\nlines', 'x']);
  });
});

describe('csvRecords', () => {
  it('reads every record, CRLF or LF, skipping blank lines', () => {
    expect(csvRecords('a,b\r\n"1, 2",""\n\nx,"y\r\nz"')).toEqual([
      ['a', 'b'],
      ['1, 2', ''],
      ['x', 'y\r\nz'],
    ]);
  });
});

describe('notesColumns', () => {
  it('reads each column and whether it is required from the column notes', () => {
    const notes =
      'column,required,type,range,allowed values,description\r\n' +
      'reference_number,required,text,,,client identity\r\n' +
      'email,optional,text,,,client identity\r\n' +
      'Has collateral,required,yes/no,,"yes, no (also oui/non, true/false, 1/0)","Pledged, or not"\r\n';
    expect(notesColumns(notes)).toEqual([
      { name: 'reference_number', required: true },
      { name: 'email', required: false },
      { name: 'Has collateral', required: true },
    ]);
  });
});

describe('headerProblems', () => {
  const expected = [
    { name: 'name', required: false },
    { name: 'reference_number', required: true },
    { name: 'phoneNumber', required: false },
    { name: 'email', required: false },
    { name: 'monthly_income', required: true },
    { name: 'has_collateral', required: false },
  ];

  it('finds nothing wrong with the template header, in any case and spacing', () => {
    expect(headerProblems([' NAME', 'reference_number', 'phonenumber', 'email', 'Monthly_Income ', 'has_collateral'], expected)).toEqual({
      missingRequired: [],
      missingOptional: [],
      unknown: [],
    });
  });

  it('names the missing required, missing optional and unknown columns, ignoring blank header cells', () => {
    expect(headerProblems(['reference_number', 'monthly_incme', '', 'has_collateral'], expected)).toEqual({
      missingRequired: ['monthly_income'],
      missingOptional: ['name', 'phoneNumber', 'email'],
      unknown: ['monthly_incme'],
    });
  });
});
