import { headerKey } from './compileModel';

/** Where the client's identity sits in a file: the column index of each identity field, or -1. */
export type IdentityColumns = { name: number; referenceNumber: number; phoneNumber: number; email: number };

const SPELLINGS: Record<keyof IdentityColumns, string[]> = {
  name: ['name', 'client name', 'client_name', 'full name', 'full_name', 'nom'],
  referenceNumber: ['reference_number', 'referencenumber', 'reference number', 'reference', 'client reference', 'ref'],
  phoneNumber: ['phonenumber', 'phone_number', 'phone number', 'phone', 'telephone', 'téléphone'],
  email: ['email', 'e-mail', 'email address'],
};

export function identityColumns(headers: readonly string[]): IdentityColumns {
  const keys = headers.map(headerKey);
  const find = (field: keyof IdentityColumns) => keys.findIndex((key) => SPELLINGS[field].includes(key));
  return { name: find('name'), referenceNumber: find('referenceNumber'), phoneNumber: find('phoneNumber'), email: find('email') };
}

export const IDENTITY_HEADERS = ['name', 'reference_number', 'phoneNumber', 'email'] as const;
