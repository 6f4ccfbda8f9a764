import type { TFunction } from 'i18next';
import { displayValue } from './displayValue';

const t = ((key: string) => key) as unknown as TFunction;

describe('displayValue', () => {
  it('shows mappings, booleans, numbers and nothing', () => {
    expect(
      displayValue(
        [
          { categoryName: 'Good', numericValue: 1 },
          { categoryName: 'Bad', numericValue: 0 },
        ],
        t,
      ),
    ).toBe('Good = 1, Bad = 0');
    expect(displayValue(true, t)).toBe('compliance.yes');
    expect(displayValue(40, t)).toBe('40');
    expect(displayValue(null, t)).toBe('—');
    expect(displayValue([], t)).toBe('—');
    expect(displayValue({ a: 1 }, t)).toBe('{"a":1}');
  });
});
