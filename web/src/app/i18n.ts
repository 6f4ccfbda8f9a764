import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setServerTemplates } from '../api/serverMessages';
import { initialLanguage, LANGUAGE_KEY, LANGUAGES } from '../shared/languages';

// Each language's texts are their own chunk, fetched only when that language is used.
const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../locales/en.json'),
  // A French page also translates the server's messages: their English templates come with the French texts.
  fr: () =>
    Promise.all([
      import('../locales/fr.json'),
      import('../api/serverTemplates').then(({ SERVER_MESSAGES }) => setServerTemplates(SERVER_MESSAGES)),
    ]).then(([texts]) => texts),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = loaders[language] ?? loaders.en;
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

const readStored = (): string | null => {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
});

export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(readStored(), navigator.language),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

export { i18n };
