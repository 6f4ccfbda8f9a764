import { groupedNumber, plainNumber } from './numberInput';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('A number field’s text', () => {
  it('should show a plain value grouped in the page’s language, keeping its decimals', () => {
    expect(groupedNumber('5000000', 'en')).toBe('5,000,000');
    expect(plain(groupedNumber('5000000', 'fr'))).toBe('5 000 000');
    expect(groupedNumber('0.3', 'en')).toBe('0.3');
    expect(groupedNumber('0.30', 'fr')).toBe('0,30');
    expect(groupedNumber('abc', 'en')).toBe('abc');
    expect(groupedNumber('', 'fr')).toBe('');
  });

  it('should read what is typed in either language back as plain text', () => {
    expect(plainNumber('5,000,000', 'en')).toBe('5000000');
    expect(plainNumber('5 000 000', 'fr')).toBe('5000000');
    expect(plainNumber('0,9', 'fr')).toBe('0.9');
    expect(plainNumber('0.9', 'en')).toBe('0.9');
    expect(plainNumber(groupedNumber('1234567.5', 'fr'), 'fr')).toBe('1234567.5');
  });
});
