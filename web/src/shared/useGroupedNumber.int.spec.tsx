/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { act, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../app/i18n';
import { change, findField } from '../test/dom';
import { renderPage, type RenderedPage } from '../test/renderPage';
import { useGroupedNumber } from './useGroupedNumber';

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});

/** A value kept as plain text, as the parameter forms keep it, shown beside its input. */
function Harness() {
  const { i18n: current } = useTranslation();
  const [plain, setPlain] = useState('5000000');
  const number = useGroupedNumber(plain, setPlain, current.language);
  return (
    <>
      <input
        aria-label="Value"
        value={number.value}
        onFocus={number.onFocus}
        onBlur={number.onBlur}
        onChange={number.onChange}
        {...number.inputProps}
      />
      <output data-testid="plain">{plain}</output>
      <button type="button" onClick={() => setPlain('50000')}>
        Reset
      </button>
    </>
  );
}

const input = () => findField(page!.container, 'Value')!;
const plain = () => page!.container.querySelector('[data-testid="plain"]')!.textContent;

describe('A number input grouped in the page’s language', () => {
  it('shows the value grouped, keeps what is typed while focused, and hands back plain text', async () => {
    page = await renderPage(Harness, { path: '/', url: '/', role: null });
    expect(input().value).toBe('5,000,000');
    expect([input().getAttribute('role'), input().getAttribute('aria-valuenow'), input().inputMode]).toEqual([
      'spinbutton',
      '5000000',
      'decimal',
    ]);
    await act(async () => input().focus());
    await change(input(), '7500000');
    expect([input().value, plain()]).toEqual(['7500000', '7500000']);
    await act(async () => input().blur());
    expect(input().value).toBe('7,500,000');
    await act(async () => page!.container.querySelector('button')!.click());
    expect(input().value).toBe('50,000');
  });

  it('writes and reads French: spaces between thousands and a decimal comma', async () => {
    page = await renderPage(Harness, { path: '/', url: '/', role: null });
    await act(() => i18n.changeLanguage('fr'));
    expect(input().value.replace(/[\u00a0\u202f]/g, ' ')).toBe('5 000 000');
    await act(async () => input().focus());
    await change(input(), '0,35');
    expect(plain()).toBe('0.35');
    await change(input(), '6 000 000');
    expect(plain()).toBe('6000000');
  });
});
