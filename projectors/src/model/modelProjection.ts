import type { Knex } from 'knex';
import {
  isModelEvent,
  MODEL_EVENT_TYPES,
  type ModelEvent,
  type ParameterTemplateData,
  type Recorded,
  type RecordedEvent,
  type VariableCategoryData,
  type VariableData,
} from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import { MODEL_CATEGORIES, MODEL_PARAMETER_TEMPLATES, MODEL_VARIABLE_MAPPINGS, MODEL_VARIABLES } from './modelTables';

const at = (event: RecordedEvent) => event.metadata.occurredAt;

const categoryRow = (data: VariableCategoryData) => ({
  name: data.name,
  description: data.description,
  credit_limit_weight: data.creditLimitWeight,
  interest_rate_weight: data.interestRateWeight,
});

const variableRow = (data: VariableData) => ({
  name: data.name,
  description: data.description,
  unique_code: data.uniqueCode,
  category_id: data.categoryId,
  proportion: data.proportion,
  min_value: data.minValue,
  max_value: data.maxValue,
  response_type: data.responseType,
  normalisation_formula: data.normalisationFormula,
  is_required: data.isRequired,
  mask: data.mask,
  is_used_in_formula: data.isUsedInFormula,
  is_active: data.isActive,
});

const templateRow = (data: ParameterTemplateData) => ({
  name: data.name,
  description: data.description,
  recommended_range: data.recommendedRange,
  impact: data.impact,
  default_value: data.defaultValue,
  is_active: data.isActive,
  is_required: data.isRequired,
  is_institution_specific: data.isInstitutionSpecific,
  normalization_formula: data.normalizationFormula,
});

async function writeMappings(trx: Knex.Transaction, data: VariableData): Promise<void> {
  await trx(MODEL_VARIABLE_MAPPINGS).where({ variable_id: data.variableId }).delete();
  if (data.categoryMappings.length === 0) return;
  await trx(MODEL_VARIABLE_MAPPINGS).insert(
    data.categoryMappings.map((mapping, ordinal) => ({
      variable_id: data.variableId,
      ordinal,
      category_name: mapping.categoryName,
      numeric_value: mapping.numericValue,
    })),
  );
}

async function applyModelEvent(event: Recorded<ModelEvent>, trx: Knex.Transaction): Promise<void> {
  switch (event.type) {
    case 'VariableCategoryCreated': {
      const { data } = event;
      await trx(MODEL_CATEGORIES).insert({ id: data.categoryId, ...categoryRow(data), created_at: at(event), updated_at: at(event) });
      return;
    }
    case 'VariableCategoryUpdated': {
      const { data } = event;
      await trx(MODEL_CATEGORIES)
        .where({ id: data.categoryId })
        .update({ ...categoryRow(data), updated_at: at(event) });
      return;
    }
    case 'VariableCategoryDeleted':
      await trx(MODEL_CATEGORIES).where({ id: event.data.categoryId }).delete();
      return;
    case 'VariableDefined': {
      const { data } = event;
      await trx(MODEL_VARIABLES).insert({ id: data.variableId, ...variableRow(data), created_at: at(event), updated_at: at(event) });
      await writeMappings(trx, data);
      return;
    }
    case 'VariableUpdated': {
      const { data } = event;
      await trx(MODEL_VARIABLES)
        .where({ id: data.variableId })
        .update({ ...variableRow(data), updated_at: at(event) });
      await writeMappings(trx, data);
      return;
    }
    case 'VariableDeleted': {
      const variableId = event.data.variableId;
      await trx(MODEL_VARIABLE_MAPPINGS).where({ variable_id: variableId }).delete();
      await trx(MODEL_VARIABLES).where({ id: variableId }).delete();
      return;
    }
    case 'VariableProportionsRedistributed':
      for (const { variableId, proportion } of event.data.proportions) {
        await trx(MODEL_VARIABLES)
          .where({ id: variableId })
          .update({ proportion, updated_at: at(event) });
      }
      return;
    case 'ParameterTemplateCreated': {
      const { data } = event;
      await trx(MODEL_PARAMETER_TEMPLATES).insert({
        id: data.parameterId,
        unique_code: data.uniqueCode,
        ...templateRow(data),
        created_at: at(event),
        updated_at: at(event),
      });
      return;
    }
    case 'ParameterTemplateUpdated': {
      const { data } = event;
      await trx(MODEL_PARAMETER_TEMPLATES)
        .where({ id: data.parameterId })
        .update({ ...templateRow(data), updated_at: at(event) });
      return;
    }
    case 'ParameterTemplateDeleted':
      await trx(MODEL_PARAMETER_TEMPLATES).where({ id: event.data.parameterId }).delete();
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled model event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The model as the admin screens list it: categories, variables with their mappings, parameter templates. */
export const modelProjection = (): Projection => ({
  name: 'scoring-model',
  eventTypes: MODEL_EVENT_TYPES,
  tables: [MODEL_CATEGORIES, MODEL_VARIABLES, MODEL_VARIABLE_MAPPINGS, MODEL_PARAMETER_TEMPLATES],
  migrations: [
    {
      name: '20261122004100_create_scoring_model',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE model_categories (
            id                   integer PRIMARY KEY,
            name                 text NOT NULL,
            description          text NOT NULL,
            credit_limit_weight  double precision NOT NULL,
            interest_rate_weight double precision NOT NULL,
            created_at           timestamptz NOT NULL,
            updated_at           timestamptz NOT NULL
          );
          CREATE TABLE model_variables (
            id                    integer PRIMARY KEY,
            name                  text NOT NULL,
            description           text NOT NULL,
            unique_code           integer NOT NULL,
            category_id           integer NOT NULL,
            proportion            double precision NOT NULL,
            min_value             double precision NOT NULL,
            max_value             double precision NOT NULL,
            response_type         text NOT NULL,
            normalisation_formula text,
            is_required           boolean NOT NULL,
            mask                  boolean NOT NULL,
            is_used_in_formula    boolean NOT NULL,
            is_active             boolean NOT NULL,
            created_at            timestamptz NOT NULL,
            updated_at            timestamptz NOT NULL
          );
          CREATE INDEX model_variables_category ON model_variables (category_id);
          CREATE TABLE model_variable_mappings (
            variable_id   integer NOT NULL,
            ordinal       integer NOT NULL,
            category_name text NOT NULL,
            numeric_value double precision NOT NULL,
            PRIMARY KEY (variable_id, ordinal)
          );
          CREATE TABLE model_parameter_templates (
            id                      integer PRIMARY KEY,
            unique_code             integer NOT NULL,
            name                    text NOT NULL,
            description             text NOT NULL,
            recommended_range       text NOT NULL,
            impact                  text NOT NULL,
            default_value           double precision NOT NULL,
            is_active               boolean NOT NULL,
            is_required             boolean NOT NULL,
            is_institution_specific boolean NOT NULL,
            normalization_formula   text,
            created_at              timestamptz NOT NULL,
            updated_at              timestamptz NOT NULL
          );
        `);
      },
      async down(knex) {
        await knex.raw('DROP TABLE IF EXISTS model_parameter_templates, model_variable_mappings, model_variables, model_categories');
      },
    },
  ],
  handle: perEvent(isModelEvent, applyModelEvent),
});
