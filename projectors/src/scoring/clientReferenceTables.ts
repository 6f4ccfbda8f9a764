import type { Migration } from '@credit/events';

export const CLIENT_REFERENCES = 'client_references';

export const clientReferenceMigrations: Migration[] = [
  {
    // An institution's key of its clients (one per reference, on the reference's digest) moves from
    // `clients` to a narrow table of its own that nothing updates. On `clients` every update of a
    // client's row (its latest result moving when a batch completes, each client of a monthly file;
    // a new identity) wrote a new entry in the key too: 100 000 latest results moved in 2.4–3.8 s
    // without the key against 4.3–5.1 s with it, and a run's 25 000 references are looked up in
    // 173–217 ms here against 226–281 ms in `clients` (rolled back, on a kept database at 4 800 000
    // results, issue 24). New and removed clients reach it through statement triggers, as their
    // search rows do; two new clients of one reference are refused by its unique key as before.
    name: '20261201010000_client_references',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE ${CLIENT_REFERENCES} (
          institution_id   integer NOT NULL,
          reference_number text NOT NULL,
          client_id        bigint NOT NULL
        );
        INSERT INTO ${CLIENT_REFERENCES} (institution_id, reference_number, client_id)
          SELECT institution_id, reference_number, id FROM clients ORDER BY institution_id, id;
        CREATE UNIQUE INDEX client_references_key ON ${CLIENT_REFERENCES} (institution_id, md5(reference_number));
        DROP INDEX IF EXISTS clients_reference;

        CREATE FUNCTION client_reference_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${CLIENT_REFERENCES} (institution_id, reference_number, client_id)
            SELECT added.institution_id, added.reference_number, added.id FROM added;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_reference_added AFTER INSERT ON clients
          REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION client_reference_added();

        CREATE FUNCTION client_reference_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM ${CLIENT_REFERENCES} k USING removed
           WHERE k.institution_id = removed.institution_id AND md5(k.reference_number) = md5(removed.reference_number)
             AND k.client_id = removed.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_reference_removed AFTER DELETE ON clients
          REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION client_reference_removed();
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP TRIGGER IF EXISTS clients_reference_added ON clients;
        DROP TRIGGER IF EXISTS clients_reference_removed ON clients;
        DROP FUNCTION IF EXISTS client_reference_added(), client_reference_removed();
        DROP TABLE IF EXISTS ${CLIENT_REFERENCES};
        CREATE UNIQUE INDEX clients_reference ON clients (institution_id, md5(reference_number));
      `);
    },
  },
];
