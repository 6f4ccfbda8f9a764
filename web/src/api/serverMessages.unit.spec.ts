import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import en from '../locales/en.json';
import fr from '../locales/fr.json';

import { patternsOf, translateServerMessage as translateWith } from './serverMessages';
import { SERVER_MESSAGES } from './serverTemplates';

const french = (key: string, parts: Record<string, string>) =>
  (fr.server as Record<string, string>)[key.replace(/^server\./, '')].replace(/\{\{(\w+)\}\}/g, (_all, name: string) => parts[name] ?? '');

const patterns = patternsOf(SERVER_MESSAGES);
const translateServerMessage = (message: string, translate: typeof french) => translateWith(message, translate, patterns);

describe("The server's messages in French", () => {
  it("keeps the locales' English equal to the server's words it matches", () => {
    expect(en.server).toEqual(SERVER_MESSAGES);
  });

  it('translates a fixed message, and one with parts (a count, a plural, a row and its reason)', () => {
    expect(translateServerMessage('Invalid email or password', french)).toBe('Email ou mot de passe incorrect');
    expect(translateServerMessage('Too many failed sign-in attempts. Please try again in 1 minute.', french)).toBe(
      'Trop de tentatives de connexion échouées. Veuillez réessayer dans 1 minute.',
    );
    expect(translateServerMessage('Too many failed sign-in attempts. Please try again in 12 minutes.', french)).toBe(
      'Trop de tentatives de connexion échouées. Veuillez réessayer dans 12 minutes.',
    );
    expect(translateServerMessage('The CSV file is malformed at row 7: Quoted field unterminated', french)).toBe(
      'Le fichier CSV est mal formé à la ligne 7 : Quoted field unterminated',
    );
    expect(translateServerMessage('Minimum Score for Credit: 0.51 is outside the recommended range (0.20 - 0.50)', french)).toBe(
      'Minimum Score for Credit : 0.51 est en dehors de la plage recommandée (0.20 - 0.50)',
    );
  });

  it("translates a batch's row-level reasons, a masked cell's as well", () => {
    expect(translateServerMessage('"12,5x" is not a number', french)).toBe('"12,5x" n\'est pas un nombre');
    expect(translateServerMessage('the value is not a number', french)).toBe("la valeur n'est pas un nombre");
    expect(translateServerMessage('"peut-être" is not a yes/no answer (accepted: yes, no, true, false, 1, 0)', french)).toBe(
      '"peut-être" n\'est pas une réponse oui/non (acceptées : yes, no, true, false, 1, 0)',
    );
    expect(translateServerMessage('the value is not one of: GOOD, FAIR, POOR', french)).toBe(
      "la valeur n'est pas l'une de : GOOD, FAIR, POOR",
    );
    expect(translateServerMessage('duplicate reference_number (first seen at row 4)', french)).toBe(
      'reference_number en double (vu d’abord à la ligne 4)',
    );
    expect(translateServerMessage('missing', french)).toBe('manquant');
  });

  it("translates a parameter's refusal that names the parameters it compares", () => {
    expect(translateServerMessage('Minimum Credit Limit (3,000,000) cannot be greater than Maximum Credit Limit (2,000,000)', french)).toBe(
      'Minimum Credit Limit (3,000,000) ne peut pas dépasser Maximum Credit Limit (2,000,000)',
    );
  });

  it("translates an administrator's refusals, with the names and reasons they carry", () => {
    expect(translateServerMessage('A variable named "Monthly income" already exists', french)).toBe(
      'Une variable nommée « Monthly income » existe déjà',
    );
    expect(translateServerMessage('Total proportion for all variables in this category must be exactly 100%', french)).toBe(
      'La proportion totale de toutes les variables de cette catégorie doit être exactement 100 %',
    );
    expect(translateServerMessage('Invalid normalization formula: Unknown name "y"', french)).toBe(
      'Formule de normalisation invalide : Unknown name "y"',
    );
  });

  it('translates the refusal of a name holding control, invisible or text-direction characters, naming the field', () => {
    expect(translateServerMessage('Batch name must not contain control, invisible or text-direction characters', french)).toBe(
      'Batch name ne doit contenir aucun caractère de contrôle, invisible ou de sens d’écriture',
    );
  });

  it('leaves a message that is not one of ours, or only part of one, untranslated', () => {
    expect(translateServerMessage('Something else went wrong', french)).toBeNull();
    expect(translateServerMessage('Invalid email or password, twice', french)).toBeNull();
    expect(translateServerMessage('Invalid email or passwordX', french)).toBeNull();
  });
});

describe("The server's messages as the server writes them", () => {
  // Every message of the table must still be one the server can send: its fixed words are found in the
  // server's sources, so a message reworded there cannot leave its French behind unnoticed.
  const root = join(__dirname, '..', '..', '..');
  const sources = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return sources(path);
      return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [readFileSync(path, 'utf8')] : [];
    });
  const server = ['command-api/src', 'query-api/src', 'events/src', 'scoring/src', 'src']
    .flatMap((folder) => sources(join(root, folder)))
    .join('\n');

  it.each(Object.entries(SERVER_MESSAGES))('finds %s in the server', (_key, template) => {
    // A masked cell's reasons are the general ones with "the value" in place of the cell.
    const fragments = template
      .replace(/^the value /, '{{value}} ')
      .split(/\{\{\w+\}\}/)
      .filter((fragment) => fragment.trim().length >= 3);
    for (const fragment of fragments) expect({ template, found: server.includes(fragment) }).toEqual({ template, found: true });
  });
});
