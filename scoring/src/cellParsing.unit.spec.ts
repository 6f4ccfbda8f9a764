import { isBlankCell, parseDecimal, parseYesNo } from './cellParsing';

describe('parseDecimal', () => {
  it.each([
    ['42', 42],
    ['1250000', 1_250_000],
    ['1 250 000', 1_250_000],
    ['1\u00a0250\u00a0000', 1_250_000],
    ['1\u202f250', 1250],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1 250,75', 1250.75],
    ['  84  ', 84],
    ['-383 287', -383_287],
    ['+7', 7],
    ['0.1', 0.1],
    ['123.45', 123.45],
    ['9007199254740993.5', Number('9007199254740993.5')],
    ['0,000000000000000000000001', 1e-24],
  ])('should read %p as %p', (cell, expected) => {
    expect(parseDecimal(cell)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '1,250,000',
    '1.250.000',
    '1,250.5',
    '12 50',
    '1 2500',
    '1  250',
    '12,',
    '.5',
    '5.',
    '1e5',
    '--1',
    '12 %',
    'n/a',
  ])('should not read %p', (cell) => {
    expect(parseDecimal(cell)).toBeNaN();
  });

  it('should agree with Number for plain decimals', () => {
    for (const cell of ['0.3', '8.65', '67.12', '1373224.99', '0.000123']) expect(parseDecimal(cell)).toBe(Number(cell));
  });
});

describe('parseYesNo', () => {
  it.each(['true', 'TRUE', 'yes', 'Yes', ' YES ', '1', 'oui', 'Oui', 'vrai', 'VRAI'])('should read %p as 1', (cell) => {
    expect(parseYesNo(cell)).toBe(1);
  });

  it.each(['false', 'False', 'no', 'NO', '0', 'non', 'NON', 'faux', 'Faux'])('should read %p as 0', (cell) => {
    expect(parseYesNo(cell)).toBe(0);
  });

  it.each(['', 'maybe', 'y', '2', 'ok'])('should not read %p', (cell) => {
    expect(parseYesNo(cell)).toBeNaN();
  });
});

describe('isBlankCell', () => {
  it('should treat absent, empty and whitespace-only cells as blank', () => {
    expect(isBlankCell(undefined)).toBe(true);
    expect(isBlankCell(null)).toBe(true);
    expect(isBlankCell('')).toBe(true);
    expect(isBlankCell(' \t ')).toBe(true);
    expect(isBlankCell('0')).toBe(false);
  });
});
