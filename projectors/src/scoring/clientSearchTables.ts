import type { Migration } from '@credit/events';

export const CLIENT_SEARCH = 'client_search';

/** What a client is searched by (name, reference, email), lower-cased: the search text kept for each client. */
export const SEARCH_TEXT_OF = (row: string) => `lower(${row}.name || chr(31) || ${row}.reference_number || chr(31) || ${row}.email)`;

export const clientSearchMigrations: Migration[] = [
  {
    // The search text and its trigram index move from `clients` to a narrow table of their own, kept by
    // triggers on `clients` (new clients in one statement, identity changes, removals). On `clients`
    // every update of a client's latest result (each client of a monthly file, when its batch completes)
    // wrote a new row version and so new entries in every index, the trigram index's twenty-odd
    // per client included: about a quarter of a re-upload's time (measured, issue 24). The latest-result
    // update no longer touches the search, which changes only when an identity does.
    name: '20261129100000_client_search_table',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE ${CLIENT_SEARCH} (
          client_id      bigint PRIMARY KEY,
          institution_id integer NOT NULL,
          search_text    text NOT NULL
        );
        INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text)
          SELECT c.id, c.institution_id, ${SEARCH_TEXT_OF('c')} FROM clients c;
        CREATE INDEX client_search_text ON ${CLIENT_SEARCH} USING gin (search_text gin_trgm_ops);
        DROP INDEX IF EXISTS clients_search;
        ALTER TABLE clients DROP COLUMN IF EXISTS search_text;

        CREATE FUNCTION client_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text)
            SELECT added.id, added.institution_id, ${SEARCH_TEXT_OF('added')} FROM added;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_search_added AFTER INSERT ON clients
          REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION client_search_added();

        CREATE FUNCTION client_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE ${CLIENT_SEARCH} SET institution_id = NEW.institution_id, search_text = ${SEARCH_TEXT_OF('NEW')}
           WHERE client_id = NEW.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_search_changed AFTER UPDATE OF institution_id, reference_number, name, email ON clients
          FOR EACH ROW
          WHEN ((OLD.institution_id, OLD.reference_number, OLD.name, OLD.email) IS DISTINCT FROM
                (NEW.institution_id, NEW.reference_number, NEW.name, NEW.email))
          EXECUTE FUNCTION client_search_changed();

        CREATE FUNCTION client_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM ${CLIENT_SEARCH} s USING removed WHERE s.client_id = removed.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_search_removed AFTER DELETE ON clients
          REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION client_search_removed();
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP TRIGGER IF EXISTS clients_search_added ON clients;
        DROP TRIGGER IF EXISTS clients_search_changed ON clients;
        DROP TRIGGER IF EXISTS clients_search_removed ON clients;
        DROP FUNCTION IF EXISTS client_search_added(), client_search_changed(), client_search_removed();
        ALTER TABLE clients ADD COLUMN search_text text
          GENERATED ALWAYS AS (lower(name || chr(31) || reference_number || chr(31) || email)) STORED;
        CREATE INDEX clients_search ON clients USING gin (search_text gin_trgm_ops);
        DROP TABLE IF EXISTS ${CLIENT_SEARCH};
      `);
    },
  },
];
