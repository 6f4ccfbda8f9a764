import { i18n } from '../app/i18n';

/**
 * The server's messages a person meets in the app, in the server's exact English (the API's words, spec
 * §5 and §8), each with a key of the locales' `server` section. `{{name}}` stands for a part the server
 * fills in (a count, a row, a reason); `{{s}}` for a plural's "s". The locales' English is the same text
 * (a unit test keeps them equal), the French is what a French page shows instead.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many failed sign-in attempts. Please try again in {{minutes}} minute{{s}}.',
  pendingInstitution: 'Your institution account is inactive until an administrator approves it.',
  rejectedInstitution: 'Your institution account is inactive: the registration was not approved.',
  deactivatedInstitution: 'Your institution account has been deactivated. Please contact the platform administrators.',
  deactivatedAdmin: 'Your administrator account has been deactivated',
  accountGone: 'This account no longer exists',
  authenticationRequired: 'Authentication required',
  administratorRequired: 'Administrator access required',
  emailTaken: 'An institution with this email is already registered',
  institutionTaken: 'This institution is already registered',
  tooManyRegistrations: 'Too many registrations from this network. Please try again in {{minutes}} minute{{s}}.',
  acceptTerms: 'You must accept the terms and conditions',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  tooManyResets: 'Too many password reset requests. Please try again in {{minutes}} minute{{s}}.',
  invalidCode: 'Invalid reset code',
  codeExpired: 'This reset code has expired. Please request a new one.',
  codeAttempts: 'Too many incorrect attempts: this reset code is no longer valid. Please request a new one.',
  codeRequired: 'Reset code is required',
  codeDigits: 'The reset code must be 6 digits',
  fileType: 'Only .csv, .xlsx and .xls files are accepted',
  fileTooLarge: 'The file is larger than the 10 MB limit',
  fileMissing: 'Please choose a file to upload (field csvFile)',
  fileEmpty: 'The file is empty: no header row was found',
  fileBinary: 'The file is not a text CSV file (it contains binary data)',
  csvMalformed: 'The CSV file is malformed at row {{row}}: {{reason}}',
  tooManyColumns: 'The file has more than {{count}} columns',
  tooManyRecords: 'The file has more than {{count}} records',
  workbookNoSheet: 'The Excel workbook has no sheet',
  workbookUnreadable: 'The Excel workbook could not be read: {{reason}}',
  workbookInvalid: 'The file is not a valid Excel workbook (.{{type}})',
  batchNameRequired: 'Batch name is required',
  uploadsInactive: 'Batches can only be uploaded for an approved, active institution',
  uploadsDisabled: 'Batch processing is currently disabled by the platform administrators. Please try again later.',
  outsideRange: '{{name}}: {{value}} is outside the recommended range ({{min}} - {{max}})',
  creditLimitOrder: '{{minimum}} ({{min}}) cannot be greater than {{maximum}} ({{max}})',
  valueNotNumber: 'Institution value must be a valid number',
  rejectionReason: 'Please provide a reason for rejection',
  missingColumns: 'The file is missing required columns: {{columns}}',
  // Administrators: the model, administrators and settings, as the server decides them.
  variableNameTaken: 'A variable named "{{name}}" already exists',
  variableCodeTaken: 'A variable with unique code {{code}} already exists',
  parameterCodeTaken: 'A parameter with unique code {{code}} already exists',
  parameterCodeFixed: 'The unique code of a parameter cannot be changed after creation',
  totalProportion: 'Total proportion for all variables in this category must be exactly 100%',
  proportionRange: 'Variable proportion must be a number between 0 and 100',
  weightsRange: 'Weights must be between 0 and 100 (inclusive).',
  weightsNumbers: 'Credit Limit Weight and Interest Rate Weight must be valid numbers.',
  nameAndDescription: 'Name and description are required.',
  invalidFormula: 'Invalid normalization formula: {{reason}}',
  formulaNumericOnly: 'A normalization formula applies only to int_float (numeric) variables',
  testValueUnusable: 'The test value cannot be normalised: {{reason}}',
  mappingNeeded: 'A categorical variable needs at least one category mapping',
  mappingNamesUnique: 'Category mapping names must be unique',
  mappingValue: 'The numeric value of "{{name}}" must be a valid number',
  maxOverMin: 'Maximum value must be greater than minimum value',
  categoryMissing: 'The selected category does not exist',
  lastAdmin: 'The last active administrator cannot be deactivated',
  ownAccount: 'You cannot deactivate your own administrator account',
  adminAlreadyDeactivated: 'This administrator is already deactivated',
  adminEmailTaken: 'An administrator with this email already exists',
  currencyCode: 'Default currency must be a 3-letter currency code such as XAF',
  retentionDays: 'Data retention days must be a whole number from 1 to 36500',
  // A batch's row-level reasons (its error report). A masked cell is "the value"; those come first, as
  // the general form would match them too.
  cellMissing: 'missing',
  maskedNotNumber: 'the value is not a number',
  notNumber: '{{value}} is not a number',
  maskedNotYesNo: 'the value is not a yes/no answer (accepted: {{accepted}})',
  notYesNo: '{{value}} is not a yes/no answer (accepted: {{accepted}})',
  maskedNotOneOf: 'the value is not one of: {{names}}',
  notOneOf: '{{value}} is not one of: {{names}}',
  referenceRequired: 'reference_number is required',
  duplicateReference: 'duplicate reference_number (first seen at row {{row}})',
} as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each message as a pattern: its fixed words exactly, each `{{name}}` any text (the shortest that fits). */
const PATTERNS = Object.entries(SERVER_MESSAGES).map(([key, template]) => ({
  key,
  pattern: new RegExp(`^${escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.*?)')}$`),
}));

/** A server message through `translate` (a key of the locales' `server` section and its parts) when it is one of ours, else null. */
export function translateServerMessage(message: string, translate: (key: string, parts: Record<string, string>) => string): string | null {
  for (const { key, pattern } of PATTERNS) {
    const found = pattern.exec(message);
    if (found) return translate(`server.${key}`, { ...found.groups });
  }
  return null;
}

/** A server message in the page's language: its translation when it is one of ours, else as the server wrote it. */
export function inPageLanguage(message: string): string {
  if (!i18n.language?.startsWith('fr')) return message;
  return translateServerMessage(message, (key, parts) => i18n.t(key, parts)) ?? message;
}
