import type { i18n as I18n } from 'i18next';
import { translateServerMessage } from './serverMessages';

type Params = Record<string, string | number>;
type Translator = Pick<I18n, 't' | 'exists' | 'language' | 'getResource'>;

/** What the server sends beside a sentence it wrote in English: the sentence as a code and its parts. */
export type CodedDescription = { description: string; descriptionCode?: string | null; descriptionParams?: Params | null };
export type CodedReason = { message: string; reasonCode?: string | null; reasonParams?: Params | null };
/** A parameter template as the server names it; its texts are the model's, in English for the starter model. */
export type NamedTemplate = { uniqueCode: number; name: string; description?: string; recommendedRange?: string };

const ACTIVITY = 'serverText.activity';

const role = (i18n: Translator, value: string | number) => i18n.t(`${ACTIVITY}.roles.${value}`, { defaultValue: String(value) });

/**
 * An audit or activity description in the page's language, from its code (`Type` or `Type.variant`)
 * and parts: roles in the page's words, a reason through the server's known messages, a team
 * member acting for its institution named after it. Without a code the page knows, the server's English.
 */
export function describedEntry(entry: CodedDescription, i18n: Translator): string {
  const code = entry.descriptionCode;
  if (!code) return entry.description;
  const [type, variant = 'default'] = code.split('.');
  const key = `${ACTIVITY}.messages.${type}.${variant}`;
  const { byName, byRole, ...params } = entry.descriptionParams ?? {};
  const parts: Params = { ...params };
  if (parts.role !== undefined) parts.role = role(i18n, parts.role);
  if (typeof parts.name === 'string' && /^(ParameterTemplate|InstitutionParameterValueRemoved)/.test(type))
    parts.name = starterTemplateName(parts.name, i18n);
  const reason = parts.reason;
  if (typeof reason === 'string' && i18n.language?.startsWith('fr')) {
    parts.reason = translateServerMessage(reason, (known, found) => i18n.t(known, found)) ?? reason;
  }
  if (!i18n.exists(key, parts)) return entry.description;
  const sentence = i18n.t(key, parts);
  return byName === undefined ? sentence : `${sentence}${i18n.t(`${ACTIVITY}.by`, { name: byName, role: role(i18n, byRole ?? '') })}`;
}

const TEMPLATES = 'serverText.parameterTemplates';

/** A parameter template's name in the page's language when it is one of the starter model's, as it was named then; else as named. */
function starterTemplateName(name: string, i18n: Translator): string {
  const starter = (i18n.getResource('en', 'translation', TEMPLATES) ?? {}) as Record<string, { name?: string }>;
  const code = Object.keys(starter).find((key) => starter[key].name === name);
  return code === undefined ? name : i18n.t(`${TEMPLATES}.${code}.name`);
}

/** A reason code's sentence in the page's language, or the server's English for a code the page does not know. */
export function reasonSentence(reason: CodedReason, i18n: Translator): string {
  const key = `serverText.reasons.${reason.reasonCode}`;
  return reason.reasonCode && i18n.exists(key) ? i18n.t(key, reason.reasonParams ?? {}) : reason.message;
}

/**
 * A parameter template's name, description or range in the page's language: the starter model's own
 * templates are translated by their unique code, as long as an administrator has not renamed them
 * (the English locale holds the starter's words); any other text is the administrator's, shown as typed.
 */
export function templateText(template: NamedTemplate, field: 'name' | 'description' | 'recommendedRange', i18n: Translator): string {
  const typed = template[field] ?? '';
  const key = `${TEMPLATES}.${template.uniqueCode}`;
  if (!i18n.exists(`${key}.name`) || i18n.t(`${key}.name`, { lng: 'en' }) !== template.name) return typed;
  if (i18n.t(`${key}.${field}`, { lng: 'en' }) !== typed) return typed;
  return i18n.t(`${key}.${field}`);
}
