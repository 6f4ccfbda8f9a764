/**
 * Version 1 of the `analytics` schema (README, "The analytics schema"): the views analysts' tools
 * read, each with its comment, its columns' comments and an example query. This file is what the
 * v1 migration created, so it is frozen: a change to the schema is a new version (a new file and a
 * new migration, `analytics.schema_version` raised), never an edit here. Adding a view or a column
 * is a minor version; renaming, removing or changing the meaning of one is a major version.
 */
export const ANALYTICS_SCHEMA = 'analytics';
export const ANALYTICS_VERSION_1 = { major: 1, minor: 0, released: '2026-12-02' };

export type AnalyticsColumn = [name: string, comment: string];

export type AnalyticsView = {
  name: string;
  comment: string;
  /** The view's SELECT; each column of it is listed in `columns`, in order. */
  select: string;
  columns: AnalyticsColumn[];
  example: string;
};

/** Batches whose results the screens show: a batch still running or failed has no results to read. */
const VISIBLE_BATCH = `b.status IN ('completed', 'completed_with_errors')`;

export const ANALYTICS_VIEWS_V1: readonly AnalyticsView[] = [
  {
    name: 'schema_version',
    comment: 'The version of the analytics schema: a major version changes a name or a meaning, a minor one adds views or columns.',
    select: `SELECT ${ANALYTICS_VERSION_1.major}::integer AS major, ${ANALYTICS_VERSION_1.minor}::integer AS minor, DATE '${ANALYTICS_VERSION_1.released}' AS released`,
    columns: [
      ['major', 'Major version: raised when a view or column is renamed, removed or changes meaning.'],
      ['minor', 'Minor version: raised when views or columns are added.'],
      ['released', 'The day this version was released.'],
    ],
    example: 'SELECT major, minor, released FROM analytics.schema_version;',
  },
  {
    name: 'institutions',
    comment: 'The institutions whose rows this access may read (its own institution, or every one for a platform-wide access).',
    select: `SELECT i.id, i.name, i.status, i.created_at, i.approved_at FROM public.institutions i`,
    columns: [
      ['id', 'The institution id, as every other view names it in institution_id.'],
      ['name', 'The institution name.'],
      ['status', 'Account status: pending, approved, rejected, deactivated or closed.'],
      ['created_at', 'When the institution registered.'],
      ['approved_at', 'When an administrator approved it (null while never approved).'],
    ],
    example: 'SELECT id, name, status FROM analytics.institutions ORDER BY name;',
  },
  {
    name: 'clients',
    comment: "An institution's clients, one row per reference number, with the client's latest result in a completed batch.",
    select: `SELECT c.id, c.institution_id, c.reference_number, c.name, c.phone_number, c.email, c.created_at, c.updated_at,
       c.latest_result_id, c.latest_batch_id, c.latest_at, c.latest_credit_limit, c.latest_interest_rate
  FROM public.clients c`,
    columns: [
      ['id', 'The client id (results.client_id).'],
      ['institution_id', 'The institution the client belongs to (institutions.id).'],
      ['reference_number', "The institution's own reference for the client, unique within the institution."],
      ['name', 'The client name as last uploaded.'],
      ['phone_number', 'The phone number as last uploaded.'],
      ['email', 'The email address as last uploaded.'],
      ['created_at', 'When the client was first uploaded.'],
      ['updated_at', 'When the client details last changed.'],
      ['latest_result_id', 'The id of the client latest result (results.id); null before a first result.'],
      ['latest_batch_id', 'The batch of the latest result (batches.id).'],
      ['latest_at', 'When the latest result was computed.'],
      ['latest_credit_limit', 'The latest credit limit, in whole XAF.'],
      ['latest_interest_rate', 'The latest interest rate, in percent per year.'],
    ],
    example:
      'SELECT reference_number, name, latest_credit_limit, latest_interest_rate FROM analytics.clients ORDER BY latest_credit_limit DESC NULLS LAST LIMIT 20;',
  },
  {
    name: 'results',
    comment:
      'Scoring results of completed batches, one per client and batch, with the reasons for them: the weighted sums of the normalised variables that the credit limit and the interest rate were computed from, and the model version that scored them.',
    select: `SELECT r.id, r.institution_id, r.batch_id, r.client_id, c.reference_number, r.row_number, r.credit_limit, r.interest_rate,
       r.sum_normalised_credit_limit_weights AS credit_limit_score, r.sum_normalised_interest_rate_weights AS interest_rate_score,
       r.model_version, r.created_at
  FROM public.results r
  JOIN public.batches b ON b.id = r.batch_id
  JOIN public.clients c ON c.id = r.client_id
 WHERE ${VISIBLE_BATCH}`,
    columns: [
      ['id', 'The result id.'],
      ['institution_id', 'The institution that uploaded the batch (institutions.id).'],
      ['batch_id', 'The batch the client was scored in (batches.id).'],
      ['client_id', 'The client scored (clients.id).'],
      ['reference_number', "The client's reference number in the institution."],
      ['row_number', 'The row of the uploaded file the client was read from (the header row is row 1).'],
      [
        'credit_limit',
        'The credit limit granted, in whole XAF: minimum + credit_limit_score × (maximum − minimum) of the institution parameters.',
      ],
      ['interest_rate', 'The interest rate, in percent per year, from interest_rate_score and the institution parameters.'],
      [
        'credit_limit_score',
        'Reason for the credit limit: the sum over variables of normalised value × proportion × category credit-limit weight, from 0 to 1.',
      ],
      [
        'interest_rate_score',
        'Reason for the interest rate: the sum over variables of normalised value × proportion × category interest-rate weight, from 0 to 1.',
      ],
      ['model_version', 'The scoring model version (log position) the batch was scored under (model_versions.model_version).'],
      ['created_at', 'When the result was computed.'],
    ],
    example:
      'SELECT reference_number, credit_limit, interest_rate, credit_limit_score FROM analytics.results WHERE batch_id = (SELECT max(id) FROM analytics.batches) ORDER BY credit_limit DESC LIMIT 20;',
  },
  {
    name: 'batches',
    comment: 'Uploaded batches of client records, with their processing status and counts.',
    select: `SELECT b.id, b.institution_id, b.name, b.description, b.filename, b.file_type, b.status, b.total_records, b.processed_records,
       b.failed_records, b.model_version, b.model_hash, b.failure_reason, b.created_at, b.completed_at
  FROM public.batches b`,
    columns: [
      ['id', 'The batch id.'],
      ['institution_id', 'The institution that uploaded it (institutions.id).'],
      ['name', 'The name given at upload.'],
      ['description', 'The description given at upload (null if none).'],
      ['filename', 'The uploaded file name.'],
      ['file_type', 'The uploaded file type (csv, xlsx, zip).'],
      ['status', 'processing, completed, completed_with_errors or failed.'],
      ['total_records', 'Records in the file.'],
      ['processed_records', 'Records scored so far.'],
      ['failed_records', 'Records rejected (their reasons are in batch_errors).'],
      ['model_version', 'The scoring model version (log position) the batch is scored under.'],
      ['model_hash', 'SHA-256 of that scoring model, to compare models across batches.'],
      ['failure_reason', 'Why the batch failed (null unless failed).'],
      ['created_at', 'When the batch was uploaded.'],
      ['completed_at', 'When processing ended (null while processing).'],
    ],
    example: 'SELECT id, name, status, total_records, failed_records, created_at FROM analytics.batches ORDER BY created_at DESC;',
  },
  {
    name: 'batch_errors',
    comment: 'Why records of a batch were rejected: one row per rejected cell, in the order found.',
    select: `SELECT e.batch_id, b.institution_id, e.seq, e.row_number, e.column_name, e.reason
  FROM public.batch_errors e
  JOIN public.batches b ON b.id = e.batch_id`,
    columns: [
      ['batch_id', 'The batch (batches.id).'],
      ['institution_id', 'The institution that uploaded the batch (institutions.id).'],
      ['seq', 'Order in which the rejection was found within the batch.'],
      ['row_number', 'The row of the uploaded file (the header row is row 1).'],
      ['column_name', 'The column whose cell was rejected.'],
      ['reason', 'Why the cell was rejected.'],
    ],
    example: 'SELECT column_name, reason, count(*) FROM analytics.batch_errors GROUP BY column_name, reason ORDER BY count(*) DESC;',
  },
  {
    name: 'parameter_values',
    comment: "An institution's own values of the scoring parameters (a parameter without one uses its template default).",
    select: `SELECT v.institution_id, v.parameter_id, t.unique_code, t.name AS parameter_name, v.value, v.updated_at, v.actor_name AS updated_by
  FROM public.institution_parameter_values v
  JOIN public.model_parameter_templates t ON t.id = v.parameter_id`,
    columns: [
      ['institution_id', 'The institution (institutions.id).'],
      ['parameter_id', 'The parameter template (parameter_templates.id).'],
      ['unique_code', 'The template code.'],
      ['parameter_name', 'The template name.'],
      ['value', 'The institution value.'],
      ['updated_at', 'When it was last set.'],
      ['updated_by', 'Who last set it.'],
    ],
    example: 'SELECT parameter_name, value, updated_at FROM analytics.parameter_values ORDER BY unique_code;',
  },
  {
    name: 'parameter_history',
    comment: "Every change of an institution's parameter values, in log order.",
    select: `SELECT h.position, h.seq, h.institution_id, h.parameter_id, h.parameter_name, h.unique_code, h.old_value, h.new_value, h.change,
       h.changed_at, h.actor_role AS changed_by_role, h.actor_name AS changed_by
  FROM public.institution_parameter_history h`,
    columns: [
      ['position', 'The log position of the change (orders changes).'],
      ['seq', 'Order of the change within that position.'],
      ['institution_id', 'The institution (institutions.id).'],
      ['parameter_id', 'The parameter template (parameter_templates.id).'],
      ['parameter_name', 'The template name at the time.'],
      ['unique_code', 'The template code.'],
      ['old_value', 'The value before (null if it was the default).'],
      ['new_value', 'The value after (null if reset to the default or removed).'],
      ['change', 'set, reset or removed.'],
      ['changed_at', 'When it changed.'],
      ['changed_by_role', 'The role of who changed it (institution, admin).'],
      ['changed_by', 'Who changed it.'],
    ],
    example: 'SELECT changed_at, parameter_name, old_value, new_value, changed_by FROM analytics.parameter_history ORDER BY position DESC;',
  },
  {
    name: 'model_versions',
    comment:
      'The scoring model versions the batches this access reads were scored under: a version is the log position of the model, its hash identifies its content.',
    select: `SELECT b.model_version, b.model_hash, count(*)::integer AS batches, min(b.created_at) AS first_used_at, max(b.created_at) AS last_used_at
  FROM public.batches b
 GROUP BY b.model_version, b.model_hash`,
    columns: [
      ['model_version', 'The model version (a log position; higher is later).'],
      ['model_hash', 'SHA-256 of the model content.'],
      ['batches', 'How many batches were scored under it.'],
      ['first_used_at', 'The first upload scored under it.'],
      ['last_used_at', 'The last upload scored under it.'],
    ],
    example: 'SELECT model_version, batches, first_used_at, last_used_at FROM analytics.model_versions ORDER BY model_version DESC;',
  },
  {
    name: 'model_categories',
    comment: 'The current scoring model categories and their weights (the same for every institution).',
    select: `SELECT id, name, description, credit_limit_weight, interest_rate_weight, updated_at FROM public.model_categories`,
    columns: [
      ['id', 'The category id (model_variables.category_id).'],
      ['name', 'The category name.'],
      ['description', 'What the category covers.'],
      ['credit_limit_weight', 'The weight of the category in the credit-limit score.'],
      ['interest_rate_weight', 'The weight of the category in the interest-rate score.'],
      ['updated_at', 'When the category last changed.'],
    ],
    example: 'SELECT name, credit_limit_weight, interest_rate_weight FROM analytics.model_categories ORDER BY name;',
  },
  {
    name: 'model_variables',
    comment: 'The current scoring model variables: how each uploaded column is normalised and weighed (the same for every institution).',
    select: `SELECT id, category_id, unique_code, name, description, proportion, min_value, max_value, response_type, normalisation_formula,
       is_required, mask AS is_masked, is_active, updated_at
  FROM public.model_variables`,
    columns: [
      ['id', 'The variable id.'],
      ['category_id', 'Its category (model_categories.id).'],
      ['unique_code', 'The variable code.'],
      ['name', 'The variable name, as the uploaded column is headed.'],
      ['description', 'What the variable measures.'],
      ['proportion', 'Its share within its category.'],
      ['min_value', 'The lowest value accepted.'],
      ['max_value', 'The highest value accepted.'],
      ['response_type', 'numeric, categorical or boolean.'],
      ['normalisation_formula', 'The formula normalising the value to 0..1 (null: linear between min and max).'],
      ['is_required', 'Whether a record without it is rejected.'],
      ['is_masked', 'Whether its values are masked on screens.'],
      ['is_active', 'Whether it counts in scoring.'],
      ['updated_at', 'When the variable last changed.'],
    ],
    example:
      'SELECT v.name, c.name AS category, v.proportion FROM analytics.model_variables v JOIN analytics.model_categories c ON c.id = v.category_id WHERE v.is_active;',
  },
  {
    name: 'parameter_templates',
    comment: 'The scoring parameters every institution sets (or leaves at their default), e.g. the minimum and maximum credit limit.',
    select: `SELECT id, unique_code, name, description, recommended_range, default_value, is_active, is_required, is_institution_specific, updated_at
  FROM public.model_parameter_templates`,
    columns: [
      ['id', 'The template id (parameter_values.parameter_id).'],
      ['unique_code', 'The template code.'],
      ['name', 'The parameter name.'],
      ['description', 'What the parameter sets.'],
      ['recommended_range', 'The range recommended for it.'],
      ['default_value', 'The value used when an institution sets none.'],
      ['is_active', 'Whether it is in use.'],
      ['is_required', 'Whether scoring needs it.'],
      ['is_institution_specific', 'Whether each institution sets its own value.'],
      ['updated_at', 'When the template last changed.'],
    ],
    example: 'SELECT unique_code, name, default_value FROM analytics.parameter_templates WHERE is_active ORDER BY unique_code;',
  },
];
