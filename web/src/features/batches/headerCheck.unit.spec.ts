import { csvHeader, headerProblems } from './headerCheck';

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

describe('headerProblems', () => {
  const expected = ['name', 'reference_number', 'phoneNumber', 'email', 'monthly_income', 'has_collateral'];

  it('finds nothing wrong with the template header, in any case and spacing', () => {
    expect(headerProblems([' NAME', 'reference_number', 'phonenumber', 'email', 'Monthly_Income ', 'has_collateral'], expected)).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it('names the missing and the unknown columns, ignoring blank header cells', () => {
    expect(headerProblems(['reference_number', 'monthly_incme', '', 'has_collateral'], expected)).toEqual({
      missing: ['name', 'phoneNumber', 'email', 'monthly_income'],
      unknown: ['monthly_incme'],
    });
  });
});
