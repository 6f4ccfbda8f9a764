import { formatCompact, formatDate, formatMoney, formatNumber, numberFormat } from './formatting';

// Intl writes a narrow no-break space in some places; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('Money', () => {
  it('should write XAF with no decimals in English', () => {
    expect(plain(formatMoney(1234567.6, 'en'))).toBe('FCFA 1,234,568');
  });

  it('should write XAF with no decimals in French', () => {
    expect(plain(formatMoney(1234567.4, 'fr'))).toBe('1 234 567 FCFA');
    expect(plain(formatMoney(0, 'fr'))).toBe('0 FCFA');
  });
});

describe('Dates', () => {
  const date = new Date(Date.UTC(2026, 2, 5, 12, 0, 0));
  it('should write a date in the chosen language', () => {
    expect(formatDate(date, 'en')).toMatch(/5 Mar 2026|Mar 5, 2026/);
    expect(formatDate(date, 'fr')).toMatch(/5 mars 2026/);
  });

  it('should give an empty string for an invalid date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('Numbers', () => {
  it('should group thousands the one way each language does, in figures and on chart axes', () => {
    expect(plain(formatNumber(6000000, 'en'))).toBe('6,000,000');
    expect(plain(formatNumber(6000000, 'fr'))).toBe('6 000 000');
    expect(plain(formatNumber(0.345, 'fr', 2))).toBe('0,35');
    expect(plain(formatCompact(1_200_000, 'en'))).toBe('1.2M');
    expect(plain(formatCompact(1_200_000, 'fr'))).toBe('1,2 M');
  });

  it('should make one format per language and options', () => {
    expect(numberFormat('en', { maximumFractionDigits: 1 })).toBe(numberFormat('en', { maximumFractionDigits: 1 }));
  });
});

describe('Chart dates', () => {
  it('should write a day or a month short, in the chosen language', () => {
    expect(formatDate('2026-03-05T00:00:00', 'en', 'dayMonth')).toBe('5 Mar');
    expect(formatDate('2026-03-05T00:00:00', 'fr', 'dayMonth')).toBe('5 mars');
    expect(formatDate('2026-03-05T00:00:00', 'fr', 'monthYear')).toBe('mars 26');
  });
});
