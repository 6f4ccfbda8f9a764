/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { displayName, Name } from './Name';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('Names as shown', () => {
  it('makes every direction control visible, so "…\\u202Eevil" cannot read as "live"', () => {
    expect(displayName('Banque\u202Eevil')).toBe('Banque\uFFFDevil');
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(displayName(`a${control}b`)).toBe('a\uFFFDb');
    }
    // Right-to-left scripts and accents are names like any other.
    expect(displayName('مصرف الأمان')).toBe('مصرف الأمان');
    expect(displayName('Crédit Agricole du Sénégal')).toBe('Crédit Agricole du Sénégal');
    expect(displayName(null)).toBe('');
  });

  it('isolates the name from the text around it (<bdi>)', () => {
    const host = document.createElement('p');
    const root = createRoot(host);
    act(() => root.render(<Name className="who">{'Bank\u202Eevil'}</Name>));
    expect(host.innerHTML).toBe('<bdi class="who">Bank\uFFFDevil</bdi>');
    act(() => root.unmount());
  });
});
