/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { act, type ComponentType } from 'react';
import { i18n } from '../../app/i18n';
import enTexts from '../../locales/en.json';
import frTexts from '../../locales/fr.json';
import { waitFor } from '../../test/dom';
import { answer, refusal, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import { en } from './content/en';
import { fr } from './content/fr';
import type { LegalDocument } from './content/legalContent';
import { PrivacyPage } from './PrivacyPage';
import { SupportPage } from './SupportPage';
import { TermsPage } from './TermsPage';

useMockServer();

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

const open = async (Page: ComponentType, path: string, role: 'institution' | 'admin' | null = null, language: 'en' | 'fr' = 'en') => {
  page = await renderPage(Page, { path, url: path, role });
  if (language === 'fr') await act(() => i18n.changeLanguage('fr'));
  return page;
};
const text = () => page!.container.textContent ?? '';
const headings = (level: 'h1' | 'h2') => [...page!.container.querySelectorAll(level)].map((heading) => heading.textContent);
const link = (name: string) => [...page!.container.querySelectorAll('a')].find((anchor) => anchor.textContent === name);

/** Every sentence of a document, as a reader sees it. */
const sentencesOf = (document: LegalDocument) => [
  document.title,
  document.summary,
  ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.items ?? [])]),
];

type Tree = { [key: string]: string | Tree };
/** The `legal` texts of a locale that a French page must not show in English (as test/e2e/languages.ts picks them). */
const englishOnly = (english: Tree, french: Tree): string[] =>
  Object.entries(english).flatMap(([key, value]) =>
    typeof value === 'string'
      ? value !== french[key] && value.includes(' ') && value.length >= 12 && !value.includes('{{')
        ? [value]
        : []
      : englishOnly(value, french[key] as Tree),
  );
const ENGLISH_LEGAL = englishOnly(enTexts.legal as Tree, frTexts.legal as Tree);

const contact = (email: string | null) =>
  server.use(http.get('*/api/support/contact', () => answer({ systemName: 'Plateforme Crédit Douala', email })));

describe('Terms and Privacy', () => {
  it.each([
    ['/terms', TermsPage, en.terms],
    ['/privacy', PrivacyPage, en.privacy],
  ] as const)(
    'should show %s signed out in English, every section under its heading, with the way back to sign in',
    async (path, Page, document) => {
      await open(Page, path);
      await waitFor(() => headings('h1').includes(document.title), document.title);
      expect(headings('h2')).toEqual(document.sections.map((section) => section.heading));
      for (const sentence of sentencesOf(document)) expect(text()).toContain(sentence);
      expect(text()).toContain('Last updated: 27 Nov 2026');
      expect(link('Back to sign in')?.getAttribute('href')).toBe('/');
      for (const [name, href] of [
        ['Terms', '/terms'],
        ['Privacy', '/privacy'],
        ['Support', '/support'],
      ])
        expect(link(name)?.getAttribute('href')).toBe(href);
      expect(link(path === '/terms' ? 'Terms' : 'Privacy')?.getAttribute('aria-current')).toBe('page');
    },
  );

  it('should say what is processed, the retention and the security plainly', async () => {
    await open(PrivacyPage, '/privacy');
    await waitFor(() => headings('h1').includes('Privacy Policy'));
    expect(text()).toContain('The audit log is append-only');
    expect(text()).toContain('as long as the institution’s own regulator requires');
    expect(text()).toContain('Argon2id');
    expect(text()).toContain('hash-chained log');
    expect(text()).toContain('row-level security');
    expect(text()).toMatch(/COBAC.*CEMAC/);
  });

  it.each([
    ['/terms', TermsPage, en.terms, fr.terms],
    ['/privacy', PrivacyPage, en.privacy, fr.privacy],
  ] as const)('should show %s in French with no English sentence left', async (path, Page, english, french) => {
    await open(Page, path, null, 'fr');
    await waitFor(() => headings('h1').includes(french.title), french.title);
    expect(headings('h2')).toEqual(french.sections.map((section) => section.heading));
    for (const sentence of sentencesOf(french)) expect(text()).toContain(sentence);
    // Short headings such as "Contact" may be the same word in both languages; sentences may not.
    const leftInEnglish = sentencesOf(english).filter((sentence) => sentence.includes(' ') && text().includes(sentence));
    expect(leftInEnglish).toEqual([]);
    expect(ENGLISH_LEGAL.filter((sentence) => text().includes(sentence))).toEqual([]);
    expect(text()).toContain('Dernière mise à jour : 27 nov. 2026');
    for (const [name, href] of [
      ['Conditions', '/terms'],
      ['Confidentialité', '/privacy'],
      ['Assistance', '/support'],
      ['Retour à la connexion', '/'],
    ])
      expect(link(name)?.getAttribute('href')).toBe(href);
  });

  it('should lead a signed-in institution back to its dashboard and an administrator to theirs', async () => {
    await open(TermsPage, '/terms', 'institution');
    await waitFor(() => link('Back to your dashboard'));
    expect(link('Back to your dashboard')?.getAttribute('href')).toBe('/workspace-dashboard');
    expect(link('Back to sign in')).toBeUndefined();
    page!.unmount();
    await open(PrivacyPage, '/privacy', 'admin');
    await waitFor(() => link('Back to your dashboard'));
    expect(link('Back to your dashboard')?.getAttribute('href')).toBe('/admin/dashboard');
  });
});

describe('Support', () => {
  it('should show signed out the contact administrators saved in System Settings', async () => {
    contact('assistance@credit.test');
    await open(SupportPage, '/support');
    const mail = await waitFor(() => link('assistance@credit.test'), 'the contact');
    expect(mail.getAttribute('href')).toBe('mailto:assistance@credit.test');
    expect(text()).toContain('The administrators of Plateforme Crédit Douala answer support requests by email:');
    expect(headings('h1')).toEqual(['Support']);
    expect(headings('h2')).toEqual(['Contact us', 'Before you write', 'Common questions']);
    expect(text()).toContain('Never send your password or your clients');
    const request = sent.find((entry) => entry.url.pathname === '/api/support/contact');
    expect(request?.method).toBe('GET');
  });

  it('should show the contact in French, with no English sentence left', async () => {
    contact('assistance@credit.test');
    await open(SupportPage, '/support', 'institution', 'fr');
    await waitFor(() => text().includes("Les administrateurs de Plateforme Crédit Douala répondent aux demandes d'assistance"));
    expect(link('assistance@credit.test')?.getAttribute('href')).toBe('mailto:assistance@credit.test');
    expect(headings('h1')).toEqual(['Assistance']);
    expect(headings('h2')).toEqual(['Nous contacter', "Avant d'écrire", 'Questions fréquentes']);
    expect(ENGLISH_LEGAL.filter((sentence) => text().includes(sentence))).toEqual([]);
    expect(link('Retour à votre tableau de bord')?.getAttribute('href')).toBe('/workspace-dashboard');
  });

  it('should say politely that no contact is set up yet, in both languages', async () => {
    contact(null);
    await open(SupportPage, '/support');
    await waitFor(() => text().includes('No support contact has been published yet.'));
    expect(page!.container.querySelector('a[href^="mailto:"]')).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => text().includes("Aucun contact d'assistance"));
    expect(text()).not.toContain('No support contact');
  });

  it('should say so when the contact cannot be loaded', async () => {
    server.use(http.get('*/api/support/contact', () => refusal(500, 'Internal server error')));
    await open(SupportPage, '/support');
    await waitFor(() => text().includes('The support contact could not be loaded.'));
    expect(page!.container.querySelector('a[href^="mailto:"]')).toBeNull();
  });
});
