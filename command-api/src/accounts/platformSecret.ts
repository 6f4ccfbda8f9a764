import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The token-signing secret: JWT_SECRET when set, else one generated at first start and kept in the
 * database, so sessions survive a restart and every API instance signs with the same key.
 */
export async function sessionSecret(knex: Knex, fromEnvironment: string | undefined): Promise<string> {
  if (fromEnvironment && fromEnvironment.length >= 32) return fromEnvironment;
  if (fromEnvironment) throw new Error('JWT_SECRET must be at least 32 characters long');
  await knex('platform_secrets')
    .insert({ name: 'session', value: randomBytes(48).toString('base64url') })
    .onConflict('name')
    .ignore();
  const row = await knex('platform_secrets').where({ name: 'session' }).first('value');
  return row.value as string;
}
