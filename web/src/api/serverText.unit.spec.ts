import { createInstance } from 'i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { setServerTemplates } from './serverMessages';
import { SERVER_MESSAGES } from './serverTemplates';
import { describedEntry, reasonSentence, templateText } from './serverText';

const page = async (lng: 'en' | 'fr') => {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return i18n;
};

const completed = (accepted: number) => ({
  description: `Upload of batch 9 completed: ${accepted} records accepted, 0 rejected`,
  descriptionCode: 'BatchUploadCompleted',
  descriptionParams: { batchId: '9', count: accepted, rejected: 0 },
});

describe('Server sentences in the page’s language', () => {
  describe('When an activity entry has a code', () => {
    it('should say it in French, with a plural agreeing with the count', async () => {
      const french = await page('fr');
      expect(describedEntry(completed(1), french)).toBe('Téléversement du lot 9 terminé : 1 fiche acceptée, refusées : 0');
      expect(describedEntry(completed(196), french)).toBe('Téléversement du lot 9 terminé : 196 fiches acceptées, refusées : 0');
      expect(describedEntry(completed(2_000_000), french)).toBe('Téléversement du lot 9 terminé : 2000000 fiches acceptées, refusées : 0');
    });

    it('should say it in English with a correct plural, where the server always says "records"', async () => {
      expect(describedEntry(completed(1), await page('en'))).toBe('Upload of batch 9 completed: 1 record accepted, 0 rejected');
      expect(
        describedEntry(
          { description: 'x', descriptionCode: 'VariableProportionsRedistributed', descriptionParams: { count: 1, id: '2' } },
          await page('en'),
        ),
      ).toBe('Proportion of 1 variable in category #2 redistributed');
    });

    it('should name roles in the page’s words and the member who acted', async () => {
      const entry = {
        description: 'Role of member #4 changed to uploader (by Awa Diallo, owner)',
        descriptionCode: 'MemberRoleChanged',
        descriptionParams: { id: '4', role: 'uploader', byName: 'Awa Diallo', byRole: 'owner' },
      };
      expect(describedEntry(entry, await page('fr'))).toBe(
        'Rôle du membre n° 4 changé en chargé des envois (par Awa Diallo, propriétaire)',
      );
      expect(describedEntry(entry, await page('en'))).toBe(entry.description);
    });

    it('should translate a reason the server wrote when it is one of its known messages', async () => {
      setServerTemplates(SERVER_MESSAGES);
      const french = await page('fr');
      await french.changeLanguage('fr');
      const failed = (reason: string) => ({
        description: `Upload of batch 9 failed: ${reason}`,
        descriptionCode: 'BatchUploadFailed.reason',
        descriptionParams: { batchId: '9', reason },
      });
      expect(describedEntry(failed('The file is empty: no header row was found'), french)).toBe(
        "Échec du téléversement du lot 9 : Le fichier est vide : aucune ligne d'en-tête n'a été trouvée",
      );
      expect(describedEntry(failed('No licence'), french)).toBe('Échec du téléversement du lot 9 : No licence');
    });
  });

  describe('When a parameter template of the starter model is named in an entry', () => {
    it('should name it in French', async () => {
      const entry = {
        description: 'Parameter template "Minimum Credit Limit" (code 1001) created',
        descriptionCode: 'ParameterTemplateCreated',
        descriptionParams: { name: 'Minimum Credit Limit', code: '1001' },
      };
      expect(describedEntry(entry, await page('fr'))).toBe('Modèle de paramètre « Plafond de crédit minimum » (code 1001) créé');
      const renamed = { ...entry, descriptionParams: { name: 'Seuil maison', code: '1001' } };
      expect(describedEntry(renamed, await page('fr'))).toBe('Modèle de paramètre « Seuil maison » (code 1001) créé');
    });
  });

  describe('When the code is missing or unknown', () => {
    it('should show the English text the server wrote', async () => {
      const french = await page('fr');
      expect(describedEntry({ description: 'Something new happened', descriptionCode: null }, french)).toBe('Something new happened');
      expect(describedEntry({ description: 'Something new', descriptionCode: 'SomethingNew.variant', descriptionParams: {} }, french)).toBe(
        'Something new',
      );
      expect(reasonSentence({ message: 'Income is odd', reasonCode: 'odd' }, french)).toBe('Income is odd');
    });
  });

  describe('When a client has reasons', () => {
    it('should say each in French with the variable’s name and rating as data', async () => {
      const reason = {
        message: 'Payment history is rated fair, below the best rating',
        reasonCode: 'rated_as_below_best',
        reasonParams: { name: 'Payment history', rating: 'fair' },
      };
      expect(reasonSentence(reason, await page('fr'))).toBe('Payment history : noté « fair », en dessous de la meilleure note');
      expect(reasonSentence(reason, await page('en'))).toBe(reason.message);
    });
  });

  describe('When a parameter template is named', () => {
    const starter = {
      uniqueCode: 1001,
      name: 'Minimum Credit Limit',
      description: 'Credit limit, in XAF, granted to a client who just reaches the minimum score',
      recommendedRange: '10 000 - 500 000 XAF',
    };

    it('should translate the starter model’s template by its code', async () => {
      const french = await page('fr');
      expect(templateText(starter, 'name', french)).toBe('Plafond de crédit minimum');
      expect(templateText(starter, 'description', french)).toMatch(/^Plafond de crédit, en XAF/);
      expect(templateText(starter, 'name', await page('en'))).toBe('Minimum Credit Limit');
    });

    it('should keep what an administrator typed', async () => {
      const french = await page('fr');
      expect(templateText({ ...starter, name: 'Seuil maison' }, 'name', french)).toBe('Seuil maison');
      expect(templateText({ ...starter, description: 'Our own words' }, 'description', french)).toBe('Our own words');
      expect(templateText({ ...starter, uniqueCode: 99 }, 'name', french)).toBe('Minimum Credit Limit');
    });
  });
});
