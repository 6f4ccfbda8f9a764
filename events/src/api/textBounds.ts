import { ValidationError } from '../errors';
import { assertStorableJson } from '../storableText';

/** `line`: a name, one line a person types; `paragraph`: a description or reason, which may hold line breaks and tabs. */
type Characters = 'line' | 'paragraph';
type Bound = { label: string; max: number; message?: string; characters?: Characters };

const bound = (label: string, max: number, ...fields: string[]): [string, Bound][] => fields.map((field) => [field, { label, max }]);
const typed = (characters: Characters, entries: [string, Bound][]): [string, Bound][] =>
  entries.map(([field, rule]) => [field, { ...rule, characters }]);
const IMAGE: Bound = { label: 'Image', max: 500_000, message: 'The image is too large (at most about 350 KB)' };

/**
 * The longest text each field of a request may hold, by the field's name in either spelling the
 * API accepts. Names fit a line, emails RFC 5321's 254, descriptions a paragraph; images (logos,
 * profile photos) are data URLs checked by their own rule.
 */
const BODY_BOUNDS = new Map<string, Bound>([
  ...typed('line', bound('Name', 200, 'name', 'institutionName', 'institution_name', 'fullName', 'full_name', 'systemName', 'system_name')),
  ...typed('line', bound('Batch name', 200, 'batchName', 'batch_name')),
  ...typed('line', bound('Category name', 200, 'categoryName', 'category_name')),
  ...bound('Email', 254, 'email', 'adminEmail', 'admin_email'),
  ...typed('paragraph', bound('Description', 2_000, 'description', 'batchDescription', 'batch_description', 'comment', 'notes')),
  ...typed('paragraph', bound('Reason', 2_000, 'reason', 'rejectionReason', 'rejection_reason')),
  ...bound('Password', 256, 'password', 'newPassword', 'new_password', 'currentPassword', 'current_password', 'oldPassword'),
  ...bound('Password confirmation', 256, 'confirmPassword', 'confirm_password', 'confirmNewPassword', 'passwordConfirmation'),
  ...bound(
    'Normalization formula',
    2_000,
    'normalizationFormula',
    'normalisationFormula',
    'normalization_formula',
    'normalisation_formula',
    'formula',
  ),
  ...bound('Recommended range', 200, 'recommendedRange', 'recommended_range'),
  ...bound('Code', 64, 'code', 'resetCode', 'reset_code', 'otp'),
  ...bound('File name', 255, 'fileName', 'filename', 'originalname'),
  ...['logo', 'institutionLogo', 'profilePhoto', 'profile_photo'].map((field): [string, Bound] => [field, IMAGE]),
]);

/** Any other text field: numbers, ids, flags and codes sent as text are far shorter. */
const OTHER_BODY_TEXT: Bound = { label: 'Text', max: 1_000 };

/** Query-string values: search terms, filters, dates, ids, paging. */
const QUERY_BOUNDS = new Map<string, Bound>([...bound('Search', 200, 'search', 'q'), ...bound('Actor', 200, 'actor')]);
const OTHER_QUERY_TEXT: Bound = { label: 'Query parameter', max: 200 };

/**
 * Characters that change how a text shows without showing themselves: C0 and C1 controls, the bidi
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C:
 * `Bank\u202Eevil` shows as "Banklive"), zero-width characters and invisible operators (U+200B–U+200D,
 * U+2060–U+2064, U+FEFF). Letters and marks of every script (accents, Arabic, combining marks) are not among them.
 */
const INVISIBLE_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
/** The same, but a paragraph keeps its tabs and line breaks. */
const INVISIBLE_IN_PARAGRAPH =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** Refuses a name (or a description) holding control, invisible or text-direction characters, naming the field. */
export function assertVisibleText(value: string, label: string, characters: Characters = 'line', field = label): void {
  if ((characters === 'line' ? INVISIBLE_IN_LINE : INVISIBLE_IN_PARAGRAPH).test(value))
    throw new ValidationError(`${label} must not contain control, invisible or text-direction characters`, { field });
}

function assertWithin(value: string, { label, max, message, characters }: Bound, field: string): void {
  if (value.length > max)
    throw new ValidationError(message ?? `${label} must be at most ${max.toLocaleString('en-US')} characters`, { field, max });
  if (characters) assertVisibleText(value, label, characters, field);
}

/**
 * Checks every text of a JSON body against its field's bound, nested objects and lists included,
 * and refuses NUL characters and lone surrogates (which no column can store) before any route reads it.
 */
export function assertBodyWithinBounds(body: unknown): void {
  if (body === undefined || body === null || typeof body !== 'object') return;
  assertShallow(body);
  assertStorableJson(JSON.stringify(body), 'Text');
  walk(body, null);
}

/** No request of the API nests deeper than a few levels; JSON.parse reads far deeper than the checks and routes after it can recurse. */
export const MAX_BODY_DEPTH = 32;

/** Refuses a body nested deeper than MAX_BODY_DEPTH, measured without recursion (so before anything that recurses). */
function assertShallow(body: object): void {
  const pending: [unknown, number][] = [[body, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) throw new ValidationError(`The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
    for (const inner of Array.isArray(value) ? value : Object.values(value))
      if (inner !== null && typeof inner === 'object') pending.push([inner, depth + 1]);
  }
}

function walk(value: unknown, field: string | null): void {
  if (typeof value === 'string') {
    if (field !== null) assertWithin(value, BODY_BOUNDS.get(field) ?? OTHER_BODY_TEXT, field);
    else assertWithin(value, OTHER_BODY_TEXT, 'body');
  } else if (Array.isArray(value)) {
    for (const item of value) walk(item, field);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) walk(inner, key);
  }
}

/** Checks every query-string value (repeated ones too) the same way, with the parameter's name in the message. */
export function assertQueryWithinBounds(query: Record<string, string | string[] | undefined>): void {
  for (const [name, raw] of Object.entries(query)) {
    assertStorableJson(JSON.stringify(name), 'A query parameter name');
    for (const value of Array.isArray(raw) ? raw : [raw ?? '']) {
      assertStorableJson(JSON.stringify(value), `The query parameter ${name.slice(0, 50)}`);
      assertWithin(value, QUERY_BOUNDS.get(name) ?? OTHER_QUERY_TEXT, name.slice(0, 50));
    }
    if (name.length > OTHER_QUERY_TEXT.max) throw new ValidationError('Query parameter names must be at most 200 characters');
  }
}
