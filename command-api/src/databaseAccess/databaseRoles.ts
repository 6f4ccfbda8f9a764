import { createHash, createHmac, pbkdf2Sync, randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { ANALYTICS_ACCESS_SCOPES, analyticsRoles, ANALYTICS_SCHEMA } from '@credit/projectors/src/readModels';

/**
 * The PostgreSQL side of a database access (README, "The analytics schema"): its role, created and
 * dropped by the command that issues or revokes it. The DDL runs here, once, in the transaction that
 * also records the role's scope and (before committing) appends the event; a projection rebuild
 * replays only the listing, never the DDL. Every statement is keyed by the role's name and safe to
 * repeat, so a revocation interrupted half-way is finished by revoking again.
 */

/** Sessions at once per access: enough for a tool and a notebook, not enough to crowd the platform out. */
export const DEFAULT_CONNECTION_LIMIT = 5;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new role's name: the database's prefix, `_a_`, and ten random letters and digits. */
export async function newRoleName(knex: Knex): Promise<string> {
  const { prefix } = await analyticsRoles(knex);
  const suffix = Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${prefix}_a_${suffix}`;
}

/** 32 characters from 24 random bytes (192 bits), letters, digits, '-' and '_': nothing a connection string must escape but those. */
export const newRolePassword = (): string => randomBytes(24).toString('base64url');

/**
 * The password as PostgreSQL stores it (a SCRAM-SHA-256 verifier, RFC 5803), computed here so the
 * password itself is never sent to the server nor written in its logs.
 */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

export type NewRole = { role: string; password: string; institutionId: number | null; connectionLimit: number };

/**
 * Creates the role (LOGIN, its password, a connection limit, nothing but membership of the
 * database's read-only group), records its scope, then runs `record` (which appends the event) in the
 * same transaction: if the append fails, the role was never created.
 */
export async function createAccessRole<T>(knex: Knex, role: NewRole, record: () => Promise<T>): Promise<T> {
  const groups = await analyticsRoles(knex);
  return knex.transaction(async (trx) => {
    const name = ident(role.role);
    await trx.raw(
      `CREATE ROLE ${name} LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS ` +
        `CONNECTION LIMIT ${Number(role.connectionLimit)} PASSWORD ${literal(scramVerifier(role.password))}`,
    );
    await trx.raw(`GRANT ${ident(groups.reader)} TO ${name}`);
    const { rows } = await trx.raw<{ rows: { database: string }[] }>('SELECT current_database() AS database');
    await trx.raw(`GRANT CONNECT ON DATABASE ${ident(rows[0].database)} TO ${name}`);
    // Read-only sessions that find the views by their bare names and cannot hold the database for long.
    await trx.raw(`ALTER ROLE ${name} SET default_transaction_read_only = on`);
    await trx.raw(`ALTER ROLE ${name} SET search_path = ${ANALYTICS_SCHEMA}`);
    await trx.raw(`ALTER ROLE ${name} SET statement_timeout = '5min'`);
    await trx.raw(`ALTER ROLE ${name} SET idle_in_transaction_session_timeout = '10min'`);
    await trx(ANALYTICS_ACCESS_SCOPES).insert({ role_name: role.role, institution_id: role.institutionId });
    return record();
  });
}

/**
 * Revokes the role: it can no longer sign in (committed first, so no new session starts), its
 * sessions are ended, then its grants, its scope and the role itself go, in the transaction that
 * runs `record` (the revocation's event). Safe to repeat for a role already gone.
 */
export async function dropAccessRole<T>(knex: Knex, role: string, record: () => Promise<T>): Promise<T> {
  const exists = async (db: Knex | Knex.Transaction) =>
    (await db.raw<{ rows: unknown[] }>('SELECT 1 FROM pg_roles WHERE rolname = ?', [role])).rows.length > 0;
  if (await exists(knex)) await knex.raw(`ALTER ROLE ${ident(role)} NOLOGIN`);
  await terminateSessions(knex, role);
  const recorded = await knex.transaction(async (trx) => {
    await trx(ANALYTICS_ACCESS_SCOPES).where({ role_name: role }).delete();
    if (await exists(trx)) {
      await trx.raw(`DROP OWNED BY ${ident(role)}`);
      await trx.raw(`DROP ROLE ${ident(role)}`);
    }
    return record();
  });
  await terminateSessions(knex, role);
  return recorded;
}

/** Ends every session of the role (`pg_terminate_backend`); returns how many were asked to end. */
export async function terminateSessions(knex: Knex, role: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { ended: boolean }[] }>(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE usename = ? AND pid <> pg_backend_pid()',
    [role],
  );
  return rows.length;
}
