import { formatDate, formatMoney } from './formatting';

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
