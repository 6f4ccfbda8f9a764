import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { starterModel } from './starterModel';

type Template = { name: string; description: string; recommendedRange: string };
const templates = (language: string) =>
  (
    JSON.parse(readFileSync(join(__dirname, `../../web/src/locales/${language}.json`), 'utf8')) as {
      serverText: { parameterTemplates: Record<string, Template> };
    }
  ).serverText.parameterTemplates;

describe('The starter model’s parameter templates in the web locales', () => {
  it('should hold the English words of each template under its unique code, and a French text for each', () => {
    const model = starterModel();
    expect(templates('en')).toEqual(
      Object.fromEntries(
        model.parameterTemplates.map((template) => [
          String(template.uniqueCode),
          { name: template.name, description: template.description, recommendedRange: template.recommendedRange },
        ]),
      ),
    );
    expect(Object.keys(templates('fr')).sort()).toEqual(Object.keys(templates('en')).sort());
  });
});
