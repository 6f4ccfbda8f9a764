/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { act } from 'react';
import { i18n } from '../../app/i18n';
import { click, waitFor } from '../../test/dom';
import { useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import { RegisterPage } from './RegisterPage';

useMockServer();

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

const termsBox = () => page!.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const labelOf = (input: HTMLInputElement) => input.closest('label')!;

describe('Registration’s terms checkbox', () => {
  it('should link the terms and the privacy policy from its label, opening beside the form, in both languages', async () => {
    page = await renderPage(RegisterPage, { path: '/register', url: '/register', role: null });
    const label = await waitFor(() => termsBox() && labelOf(termsBox()));
    expect(label.textContent).toBe('I accept the terms and conditions and the privacy policy');
    const links = [...label.querySelectorAll('a')].map((anchor) => [anchor.textContent, anchor.getAttribute('href'), anchor.target]);
    expect(links).toEqual([
      ['terms and conditions', '/terms', '_blank'],
      ['privacy policy', '/privacy', '_blank'],
    ]);

    await click(termsBox());
    expect(termsBox().checked).toBe(true);

    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => labelOf(termsBox()).textContent === "J'accepte les conditions générales et la politique de confidentialité");
    expect([...labelOf(termsBox()).querySelectorAll('a')].map((anchor) => [anchor.textContent, anchor.getAttribute('href')])).toEqual([
      ['conditions générales', '/terms'],
      ['politique de confidentialité', '/privacy'],
    ]);
  });
});
