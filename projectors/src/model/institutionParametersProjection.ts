import type { Knex } from 'knex';
import { isParameterEvent, PARAMETER_EVENT_TYPES, type ParameterEvent, type Recorded, type RecordedEvent } from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import {
  INSTITUTION_PARAMETER_CONFIRMATIONS,
  INSTITUTION_PARAMETER_HISTORY,
  INSTITUTION_PARAMETER_VALUES,
} from './institutionParametersTables';

const actorColumns = (event: RecordedEvent) => ({
  actor_id: event.metadata.actor.id,
  actor_role: event.metadata.actor.role,
  actor_name: event.metadata.actor.name,
});

async function applyParameterEvent(event: Recorded<ParameterEvent>, trx: Knex.Transaction): Promise<void> {
  const changedAt = event.metadata.occurredAt;
  if (event.type === 'InstitutionParametersSet') {
    const { data } = event;
    for (const change of data.changes) {
      await trx(INSTITUTION_PARAMETER_VALUES)
        .insert({
          id: change.valueId,
          institution_id: data.institutionId,
          parameter_id: change.parameterId,
          value: change.value,
          updated_at: changedAt,
          ...actorColumns(event),
        })
        .onConflict('id')
        .merge();
    }
    await trx(INSTITUTION_PARAMETER_HISTORY).insert(
      data.changes.map((change, seq) => ({
        position: event.position,
        seq,
        institution_id: data.institutionId,
        value_id: change.valueId,
        parameter_id: change.parameterId,
        parameter_name: change.parameterName,
        unique_code: change.uniqueCode,
        old_value: change.oldValue,
        new_value: change.value,
        change: data.reason,
        changed_at: changedAt,
        ...actorColumns(event),
      })),
    );
    return;
  }
  if (event.type === 'InstitutionParameterValueRemoved') {
    const { data } = event;
    await trx(INSTITUTION_PARAMETER_VALUES).where({ id: data.valueId }).delete();
    await trx(INSTITUTION_PARAMETER_HISTORY).insert({
      position: event.position,
      seq: 0,
      institution_id: data.institutionId,
      value_id: data.valueId,
      parameter_id: data.parameterId,
      parameter_name: data.parameterName,
      unique_code: data.uniqueCode,
      old_value: data.oldValue,
      new_value: null,
      change: 'removed',
      changed_at: changedAt,
      ...actorColumns(event),
    });
    return;
  }
  if (event.type === 'InstitutionParametersConfirmed') {
    // Only the first confirmation is kept: the checklist asks whether and since when, and no value changed.
    await trx(INSTITUTION_PARAMETER_CONFIRMATIONS)
      .insert({ institution_id: event.data.institutionId, position: event.position, confirmed_at: changedAt, ...actorColumns(event) })
      .onConflict('institution_id')
      .ignore();
  }
}

/**
 * Each institution's own parameter values, every change to them (parameter, old, new, who, when), and
 * its first save that changed nothing (a confirmation of the values as they stood).
 */
export const institutionParametersProjection = (): Projection => ({
  name: 'institution-parameters',
  eventTypes: PARAMETER_EVENT_TYPES,
  tables: [INSTITUTION_PARAMETER_VALUES, INSTITUTION_PARAMETER_HISTORY, INSTITUTION_PARAMETER_CONFIRMATIONS],
  migrations: [
    {
      name: '20261122004200_create_institution_parameters',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE institution_parameter_values (
            id             integer PRIMARY KEY,
            institution_id integer NOT NULL,
            parameter_id   integer NOT NULL,
            value          double precision NOT NULL,
            updated_at     timestamptz NOT NULL,
            actor_id       text NOT NULL,
            actor_role     text NOT NULL,
            actor_name     text NOT NULL,
            UNIQUE (institution_id, parameter_id)
          );
          CREATE TABLE institution_parameter_history (
            position       bigint NOT NULL,
            seq            integer NOT NULL,
            institution_id integer NOT NULL,
            value_id       integer NOT NULL,
            parameter_id   integer NOT NULL,
            parameter_name text NOT NULL,
            unique_code    integer NOT NULL,
            old_value      double precision,
            new_value      double precision,
            change         text NOT NULL,
            changed_at     timestamptz NOT NULL,
            actor_id       text NOT NULL,
            actor_role     text NOT NULL,
            actor_name     text NOT NULL,
            PRIMARY KEY (position, seq)
          );
          CREATE INDEX institution_parameter_history_by_institution ON institution_parameter_history (institution_id, position DESC);
        `);
      },
      async down(knex) {
        await knex.raw('DROP TABLE IF EXISTS institution_parameter_history, institution_parameter_values');
      },
    },
    {
      name: '20261128001000_create_institution_parameter_confirmations',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${INSTITUTION_PARAMETER_CONFIRMATIONS} (
            institution_id integer PRIMARY KEY,
            position       bigint NOT NULL,
            confirmed_at   timestamptz NOT NULL,
            actor_id       text NOT NULL,
            actor_role     text NOT NULL,
            actor_name     text NOT NULL
          )
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${INSTITUTION_PARAMETER_CONFIRMATIONS}`);
      },
    },
  ],
  handle: perEvent(isParameterEvent, applyParameterEvent),
});
