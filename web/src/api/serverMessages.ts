import i18next from 'i18next';

type Pattern = { key: string; pattern: RegExp };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each message as a pattern: its fixed words exactly, each `{{name}}` any text (the shortest that fits). */
export const patternsOf = (templates: Record<string, string>): Pattern[] =>
  Object.entries(templates).map(([key, template]) => ({
    key,
    pattern: new RegExp(`^${escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.*?)')}$`),
  }));

// The server's templates (./serverTemplates), given when the French texts are loaded (app/i18n).
let loaded: Pattern[] = [];

/** Keeps the server's templates for the French page's messages. */
export function setServerTemplates(templates: Record<string, string>): void {
  loaded = patternsOf(templates);
}

/** A server message through `translate` (a key of the locales' `server` section and its parts) when it is one of ours, else null. */
export function translateServerMessage(
  message: string,
  translate: (key: string, parts: Record<string, string>) => string,
  patterns: Pattern[] = loaded,
): string | null {
  for (const { key, pattern } of patterns) {
    const found = pattern.exec(message);
    if (found) return translate(`server.${key}`, { ...found.groups });
  }
  return null;
}

/** A server message in the page's language: its translation when it is one of ours, else as the server wrote it. */
export function inPageLanguage(message: string): string {
  if (!i18next.language?.startsWith('fr')) return message;
  return translateServerMessage(message, (key, parts) => i18next.t(key, parts)) ?? message;
}
