import type { Migration } from '@credit/events';

/** Command-side tables: id sequences, the unique-email reservations, secrets and the mail outbox. */
export const commandMigrations: Migration[] = [
  {
    name: '20261122001000_create_command_side',
    async up(knex) {
      await knex.raw(`
        CREATE SEQUENCE institution_ids;
        CREATE SEQUENCE admin_ids;
        CREATE TABLE email_reservations (
          kind     text NOT NULL,
          email    text NOT NULL,
          user_id  integer NOT NULL,
          PRIMARY KEY (kind, email)
        );
        CREATE TABLE platform_secrets (name text PRIMARY KEY, value text NOT NULL);
        CREATE TABLE mail_outbox (
          id          bigserial PRIMARY KEY,
          source      text NOT NULL UNIQUE,
          recipient   text NOT NULL,
          subject     text NOT NULL,
          body        text NOT NULL,
          created_at  timestamptz NOT NULL DEFAULT now(),
          sent_at     timestamptz,
          attempts    integer NOT NULL DEFAULT 0,
          last_error  text
        );
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP TABLE IF EXISTS mail_outbox; DROP TABLE IF EXISTS platform_secrets; DROP TABLE IF EXISTS email_reservations;
        DROP SEQUENCE IF EXISTS admin_ids; DROP SEQUENCE IF EXISTS institution_ids;
      `);
    },
  },
  {
    name: '20261122003500_create_batch_ids',
    async up(knex) {
      await knex.raw('CREATE SEQUENCE batch_ids');
    },
    async down(knex) {
      await knex.raw('DROP SEQUENCE IF EXISTS batch_ids');
    },
  },
  {
    name: '20261122005000_mail_outbox_delivery',
    async up(knex) {
      await knex.raw(`
        ALTER TABLE mail_outbox ADD COLUMN redacted_body text, ADD COLUMN next_attempt_at timestamptz;
        CREATE INDEX mail_outbox_unsent ON mail_outbox (id) WHERE sent_at IS NULL;
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS mail_outbox_unsent;
        ALTER TABLE mail_outbox DROP COLUMN redacted_body, DROP COLUMN next_attempt_at;
      `);
    },
  },
  {
    name: '20261122004000_create_institution_parameter_value_ids',
    async up(knex) {
      // One stable id per institution and parameter template, for the calls that address a value by id.
      await knex.raw(`
        CREATE TABLE institution_parameter_value_ids (
          id             serial PRIMARY KEY,
          institution_id integer NOT NULL,
          parameter_id   integer NOT NULL,
          UNIQUE (institution_id, parameter_id)
        );
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS institution_parameter_value_ids');
    },
  },
  {
    name: '20261122008000_create_upload_keys',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE upload_keys (
          institution_id integer NOT NULL,
          key            text NOT NULL,
          batch_id       integer NOT NULL,
          created_at     timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (institution_id, key)
        );
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS upload_keys');
    },
  },
  {
    // Rate-limited attempts (sign-ins, registrations, reset requests) and the decoy resets of unknown
    // emails, shared by every API process and kept across restarts.
    name: '20261122009000_create_limited_attempts_and_reset_decoys',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE limited_attempts (
          limit_name   text NOT NULL,
          key          text NOT NULL,
          attempt      uuid NOT NULL,
          attempted_at timestamptz NOT NULL
        );
        CREATE INDEX limited_attempts_key ON limited_attempts (limit_name, key, attempted_at);
        CREATE INDEX limited_attempts_attempt ON limited_attempts (attempt);
        CREATE TABLE password_reset_decoys (
          email      text PRIMARY KEY,
          state      jsonb NOT NULL,
          updated_at timestamptz NOT NULL
        );
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS password_reset_decoys; DROP TABLE IF EXISTS limited_attempts;');
    },
  },
  {
    // The addresses each account signed in from (for 30 days): an address that fails too often is
    // still let through for the accounts that signed in from it (the sign-in throttle).
    name: '20261201001000_create_sign_in_addresses',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE sign_in_addresses (
          account      text NOT NULL,
          ip           text NOT NULL,
          signed_in_at timestamptz NOT NULL,
          PRIMARY KEY (account, ip)
        );
        CREATE INDEX sign_in_addresses_age ON sign_in_addresses (signed_in_at);
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS sign_in_addresses');
    },
  },
  {
    // Ids of institutions' team members (each member's stream is `member-<id>`).
    name: '20261215000000_create_member_ids',
    async up(knex) {
      await knex.raw('CREATE SEQUENCE member_ids');
    },
    async down(knex) {
      await knex.raw('DROP SEQUENCE IF EXISTS member_ids');
    },
  },
];
