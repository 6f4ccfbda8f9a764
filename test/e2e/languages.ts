import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { starterModel } from '@credit/scoring';

type Texts = { [key: string]: string | Texts };
const locale = (language: string): Texts => JSON.parse(readFileSync(join(__dirname, `../../web/src/locales/${language}.json`), 'utf8'));

/** The web app's texts in English and in French, as the browser gets them. */
export const en: any = locale('en');
export const fr: any = locale('fr');

/** English sentences whose French differs (short words and names may be shared by both languages). */
function englishOnly(english: Texts, french: Texts, found: string[] = []): string[] {
  for (const [key, value] of Object.entries(english)) {
    const other = french[key];
    if (typeof value === 'string') {
      if (typeof other === 'string' && other !== value && value.includes(' ') && value.length >= 12 && !value.includes('{{'))
        found.push(value);
    } else if (typeof other === 'object') englishOnly(value, other, found);
  }
  return found;
}

/**
 * The texts an administrator typed into the starter model (names, descriptions, ranges): data, shown as
 * entered in either language, so a French page may hold "Minimum Credit Limit".
 */
const MODEL_TEXTS = (() => {
  const model = starterModel();
  return [
    ...model.categories.flatMap((category) => [category.name, category.description]),
    ...model.variables.flatMap((variable) => [variable.name, ...(variable.categoryMappings ?? []).map((mapping) => mapping.categoryName)]),
    ...model.parameterTemplates.flatMap((template) => [template.name, template.description, template.recommendedRange]),
  ].sort((a, b) => b.length - a.length);
})();

/**
 * The app's English sentences (of the given top-level sections, or all) left in this page text, once the
 * starter model's texts and the given names (people, institutions) are taken out.
 */
export function englishLeftIn(text: string, names: readonly string[] = [], sections?: readonly string[]): string[] {
  const sentences = sections ? sections.flatMap((key) => englishOnly(en[key], fr[key])) : englishOnly(en, fr);
  let data = text;
  for (const own of [...names, ...MODEL_TEXTS]) data = data.split(own).join('\n');
  return sentences.filter((sentence) => data.includes(sentence));
}
