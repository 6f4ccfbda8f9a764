/**
 * @jest-environment jsdom
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CodeBoxes } from './CodeBoxes';

jest.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, options?: { n?: number }) => (key === 'reset.digit' ? `Digit ${options?.n} of 6` : key) }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '', '', '']);
  return <CodeBoxes digits={digits} onChange={setDigits} invalid={false} />;
}

let container: HTMLDivElement;
let root: Root;
const box = (n: number) => container.querySelector<HTMLInputElement>(`[aria-label="Digit ${n} of 6"]`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');
const type = (n: number, value: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(box(n), value);
    box(n).dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(async () => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<Harness />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('Reset code boxes', () => {
  it('should label six boxes and move focus to the next one as a digit is typed', async () => {
    expect(container.querySelectorAll('input')).toHaveLength(6);
    box(1).focus();
    await type(1, '4');
    expect(document.activeElement).toBe(box(2));
    expect(values()).toBe('4');
  });

  it('should ignore anything but digits', async () => {
    await type(1, 'a');
    expect(values()).toBe('');
  });

  it('should go back on Backspace in an empty box', async () => {
    await type(1, '4');
    await type(2, '2');
    box(3).focus();
    await act(() => {
      box(3).dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true }));
    });
    expect(document.activeElement).toBe(box(2));
    expect(values()).toBe('4');
  });

  it('should fill every box when the six digits are pasted', async () => {
    box(1).focus();
    await act(() => {
      const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: { getData: () => string } };
      paste.clipboardData = { getData: () => ' 123 456 ' };
      box(3).dispatchEvent(paste);
    });
    expect(values()).toBe('123456');
  });
});
