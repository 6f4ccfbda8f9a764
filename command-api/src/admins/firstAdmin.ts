import { randomBytes } from 'node:crypto';
import { systemActor, type EventStore } from '@credit/events';
import type { Knex } from 'knex';
import { handleCommand } from '../commandHandling';
import { EmailReservations, nextId } from '../accounts/emailReservations';
import { hashPassword } from '../access/passwords';
import { adminStream } from './admin';
import { adminDecider } from './decideAdmin';

export type FirstAdminOutcome = { created: false } | { created: true; email: string; generatedPassword: string | null };

/**
 * At first start, when the log holds no administrator, the system actor creates one from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that is printed once.
 */
export async function ensureFirstAdmin(
  store: EventStore,
  knex: Knex,
  env: { email?: string; password?: string },
): Promise<FirstAdminOutcome> {
  if ((await store.readAll({ types: ['AdminCreated'], maxCount: 1 })).events.length > 0) return { created: false };
  const email = env.email?.trim() || 'admin@localhost.localdomain';
  const generatedPassword = env.password ? null : randomBytes(12).toString('base64url');
  const password = env.password ?? (generatedPassword as string);
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const adminId = await nextId(knex, 'admin_ids');
  const reservations = new EmailReservations(knex);
  await reservations.withReservation('admin', email, adminId, 'An administrator with this email already exists', async () =>
    handleCommand(
      store,
      adminStream(adminId),
      adminDecider,
      {
        type: 'CreateAdmin',
        adminId,
        name: 'System Administrator',
        email,
        passwordHash: await hashPassword(password),
        role: 'administrator',
      },
      { actor: systemActor, correlationId: `first-admin-${adminId}`, occurredAt: new Date().toISOString(), institutionId: null },
    ),
  );
  return { created: true, email, generatedPassword };
}
