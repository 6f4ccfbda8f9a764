import { compileModel } from './compileModel';
import { generateRecords, generateRows, seededRandom } from './generateRecords';
import { IDENTITY_HEADERS as IDENTITY_COLUMNS } from './identityColumns';
import { scoreRecord } from './scoreRecord';
import { starterModel } from './starterModel';

describe('generateRecords', () => {
  const model = starterModel();

  it('should give the same records for the same seed', () => {
    expect(generateRecords(model, 50, 7)).toEqual(generateRecords(model, 50, 7));
    expect(generateRecords(model, 50, 8)).not.toEqual(generateRecords(model, 50, 7));
  });

  it('should key records by the identity columns and the variable names', () => {
    const [record] = generateRecords(model, 1, 1);
    expect(Object.keys(record)).toEqual([...IDENTITY_COLUMNS, ...model.variables.map((variable) => variable.name)]);
    expect(record.email).toMatch(/@example\.cm$/);
  });

  it('should give rows in the same order as the headers', () => {
    const { headers, rows } = generateRows(model, 3, 1);
    expect(rows.every((row) => row.length === headers.length)).toBe(true);
    expect(generateRecords(model, 3, 1)[2]).toEqual(Object.fromEntries(headers.map((header, column) => [header, rows[2][column]])));
  });

  it('should produce records the starter model scores', () => {
    const compiled = compileModel({ version: 1, ...model });
    const results = generateRecords(model, 500, 3).map((record) => scoreRecord(compiled, record));
    expect(results.every((result) => result.status === 'scored')).toBe(true);
  });

  it('should produce rejected records when asked for invalid cells', () => {
    const compiled = compileModel({ version: 1, ...model });
    const results = generateRecords(model, 200, 3, { invalidRate: 0.2 }).map((record) => scoreRecord(compiled, record));
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
  });
});

describe('seededRandom', () => {
  it('should repeat its sequence for a seed and stay in [0, 1)', () => {
    const first = seededRandom(123);
    const second = seededRandom(123);
    const values = Array.from({ length: 1000 }, () => first());
    expect(values).toEqual(Array.from({ length: 1000 }, () => second()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
