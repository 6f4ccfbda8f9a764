/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { act, useState } from 'react';
import { i18n } from '../app/i18n';
import { change, findButton, findField } from '../test/dom';
import { renderPage, type RenderedPage } from '../test/renderPage';
import { DateField } from './DateField';

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});

/** The field with its value shown beside it, as a filter bar keeps it in the URL. */
function Harness() {
  const [day, setDay] = useState('2026-03-10');
  const [moment, setMoment] = useState('');
  return (
    <>
      <DateField id="day" label="From" value={day} onChange={setDay} />
      <output data-testid="day">{day}</output>
      <DateField id="moment" label="Date and time" withTime value={moment} onChange={setMoment} />
      <output data-testid="moment">{moment}</output>
    </>
  );
}

const field = (label: string) => findField(page!.container, label)!;
const shown = (name: string) => page!.container.querySelector(`[data-testid="${name}"]`)!.textContent;
const leave = (input: HTMLInputElement) =>
  act(async () => {
    input.focus();
    input.blur();
  });

describe('A date field', () => {
  it('shows and reads dates day first in English, keeps the value ISO, and flags a date that is not one when left', async () => {
    page = await renderPage(Harness, { path: '/', url: '/', role: null });
    expect(field('From').value).toBe('10/03/2026');
    expect(field('From').placeholder).toBe('dd/mm/yyyy');
    expect(field('From').type).toBe('text');
    expect(findButton(page.container, 'Open calendar')).not.toBeNull();

    await change(field('From'), '20/3/2026');
    expect(shown('day')).toBe('2026-03-20');
    expect(field('From').value).toBe('20/3/2026');
    await leave(field('From'));
    expect(field('From').value).toBe('20/03/2026');

    await change(field('From'), '31/02/2026');
    expect(shown('day')).toBe('2026-03-20');
    expect(field('From').getAttribute('aria-invalid')).toBeNull();
    await leave(field('From'));
    expect(field('From').getAttribute('aria-invalid')).toBe('true');

    await change(field('From'), '2026-04-02');
    expect([shown('day'), field('From').value]).toEqual(['2026-04-02', '02/04/2026']);

    await change(field('From'), '');
    expect(shown('day')).toBe('');

    await change(field('Date and time'), '05/01/2026, 14:03');
    expect(shown('moment')).toBe('2026-01-05T14:03:00');
    await leave(field('Date and time'));
    expect(field('Date and time').value).toBe('05/01/2026, 14:03:00');
  });

  it('follows the page’s language in French: jj/mm/aaaa, its own words, and the same ISO value', async () => {
    page = await renderPage(Harness, { path: '/', url: '/', role: null });
    await act(() => i18n.changeLanguage('fr'));
    expect(field('From').value).toBe('10/03/2026');
    expect(field('From').placeholder).toBe('jj/mm/aaaa');
    expect(field('Date and time').placeholder).toBe('jj/mm/aaaa hh:mm:ss');
    expect(field('From').title).toBe('Au format jj/mm/aaaa');
    expect(findButton(page.container, 'Ouvrir le calendrier')).not.toBeNull();
    await change(field('From'), '1/4/2026');
    expect(shown('day')).toBe('2026-04-01');
  });

  it('takes the date the calendar (the browser’s own picker) gives', async () => {
    page = await renderPage(Harness, { path: '/', url: '/', role: null });
    const picker = page.container.querySelector<HTMLInputElement>('input.field-picker')!;
    expect(picker.getAttribute('aria-hidden')).toBe('true');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(picker, '2026-07-14');
      picker.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(shown('day')).toBe('2026-07-14');
    expect(field('From').value).toBe('14/07/2026');
  });
});
