import {
  evolveInstitutionParameters,
  evolveScoringModel,
  initialInstitutionParameters,
  initialScoringModel,
  institutionParametersStream,
  isEventOf,
  modelEvents,
  parameterEvents,
  SCORING_MODEL_STREAM,
  type EventStore,
  type InstitutionParameters,
  type RecordedEvent,
  type ScoringModel,
} from '@credit/events';
import { snapshotHash, type ParameterTemplate, type Variable, type VariableCategory } from '@credit/scoring';
import { modelSnapshotOf, toCategory, toTemplate, toVariable } from '../model/modelAsOf';
import { historyDiff, type Authorship, type Entity, type HistoryDiff } from './historyDiff';

/**
 * The last global position recorded at or before `at`: positions are recorded in time order (each
 * append takes its time while it holds the log's head), so a binary search over the log finds it
 * with about log2(head) one-event reads, on either event store. 0 when nothing was recorded by then.
 */
export async function positionAt(store: EventStore, at: Date): Promise<number> {
  const limit = at.getTime();
  let low = 0;
  let high = (await store.head()).position;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const [event] = (await store.readAll({ after: middle - 1, maxCount: 1 })).events;
    if (event && event.position <= high && Date.parse(event.recordedAt) <= limit) low = event.position;
    else high = middle - 1;
  }
  return low;
}

/** One parameter as an institution had it: its own value when it set one, else the template's default. */
export type ParameterValueView = {
  id: number;
  name: string;
  uniqueCode: number;
  value: number;
  /** The institution's own value; null when it uses the template's default. */
  ownValue: number | null;
  defaultValue: number;
  isActive: boolean;
};

export type ModelView = { categories: VariableCategory[]; variables: Variable[]; parameterTemplates: ParameterTemplate[] };

/** The same event payload gives the same view object, so an event's effect is found by identity first. */
function remembered<D extends object, E>(convert: (data: D) => E): (data: D) => E {
  const known = new WeakMap<D, E>();
  return (data) => {
    let entity = known.get(data);
    if (entity === undefined) known.set(data, (entity = convert(data)));
    return entity;
  };
}

const byId = <T extends { id: number }>(values: T[]): T[] => values.sort((left, right) => left.id - right.id);

function modelViews() {
  const category = remembered(toCategory);
  const variable = remembered(toVariable);
  const template = remembered(toTemplate);
  return (model: ScoringModel): ModelView => ({
    categories: byId([...model.categories.values()].map(category)),
    variables: byId([...model.variables.values()].map(variable)),
    parameterTemplates: byId([...model.templates.values()].map(template)),
  });
}

type InstitutionState = { model: ScoringModel; parameters: InstitutionParameters };

const parameterValues = (state: InstitutionState): { parameters: ParameterValueView[] } => ({
  parameters: byId(
    [...state.model.templates.values()].map((template) => {
      const own = state.parameters.values.get(template.parameterId)?.value ?? null;
      return {
        id: template.parameterId,
        name: template.name,
        uniqueCode: template.uniqueCode,
        value: own ?? template.defaultValue,
        ownValue: own,
        defaultValue: template.defaultValue,
        isActive: template.isActive,
      };
    }),
  ),
});

const lastChange = (events: readonly RecordedEvent[], position: number): Authorship | null => {
  const event = events.filter((candidate) => candidate.position <= position).at(-1);
  return event
    ? {
        position: event.position,
        type: event.type,
        recordedAt: event.recordedAt,
        occurredAt: event.metadata.occurredAt,
        actor: event.metadata.actor,
      }
    : null;
};

const upTo = <S>(initial: S, evolve: (state: S, event: RecordedEvent) => S, events: readonly RecordedEvent[], position: number): S =>
  events.reduce((state, event) => (event.position <= position ? evolve(state, event) : state), initial);

/** Both streams an institution's parameter values depend on (its values, the templates' defaults), in log order. */
async function institutionEvents(store: EventStore, institutionId: number) {
  const [model, values] = await Promise.all([
    store.readStream(SCORING_MODEL_STREAM),
    store.readStream(institutionParametersStream(institutionId)),
  ]);
  return { model, values, merged: [...model, ...values].sort((left, right) => left.position - right.position) };
}

const isModelEvent = isEventOf(modelEvents);
const isParameterEvent = isEventOf(parameterEvents);

/** The model's one fold, over whatever the stream holds (an event of no model type changes nothing). */
const evolveModel = (model: ScoringModel, event: RecordedEvent): ScoringModel =>
  isModelEvent(event) ? evolveScoringModel(model, event) : model;

const evolveInstitution = (state: InstitutionState, event: RecordedEvent): InstitutionState => {
  if (isModelEvent(event)) return { ...state, model: evolveScoringModel(state.model, event) };
  if (isParameterEvent(event)) return { ...state, parameters: evolveInstitutionParameters(state.parameters, event) };
  return state;
};

const initialInstitution = (): InstitutionState => ({ model: initialScoringModel(), parameters: initialInstitutionParameters() });

/**
 * Time travel, read from the log itself (never from a projection): the scoring model and an
 * institution's parameter values as they stood at a log position, and what changed between two
 * positions, by whom and when.
 */
export function timeTravel(store: EventStore) {
  return {
    positionAt: (at: Date) => positionAt(store, at),

    async head(): Promise<number> {
      return (await store.head()).position;
    },

    /** The model at `position`, with the hash of the engine's snapshot and the model's last change by then. */
    async modelAt(position: number) {
      const events = await store.readStream(SCORING_MODEL_STREAM);
      const model = upTo(initialScoringModel(), evolveModel, events, position);
      return {
        position,
        hash: snapshotHash(modelSnapshotOf(model, position)),
        lastChange: lastChange(events, position),
        ...modelViews()(model),
      };
    },

    async modelDiff(from: number, to: number): Promise<HistoryDiff> {
      const { sections, history } = historyDiff<ScoringModel, Entity>({
        initial: initialScoringModel(),
        evolve: evolveModel,
        view: modelViews(),
        events: await store.readStream(SCORING_MODEL_STREAM),
        from,
        to,
      });
      return { sections, history };
    },

    /** Every parameter template at `position` with the value the institution had for it then. */
    async institutionParametersAt(institutionId: number, position: number) {
      const { merged, values } = await institutionEvents(store, institutionId);
      const state = upTo(initialInstitution(), evolveInstitution, merged, position);
      // A confirmation kept the values as they stood: it is no change of them.
      const changes = values.filter((event) => event.type !== 'InstitutionParametersConfirmed');
      return { institutionId, position, lastChange: lastChange(changes, position), ...parameterValues(state) };
    },

    async institutionParametersDiff(institutionId: number, from: number, to: number): Promise<HistoryDiff> {
      const { merged } = await institutionEvents(store, institutionId);
      const { sections, history } = historyDiff({
        initial: initialInstitution(),
        evolve: evolveInstitution,
        view: parameterValues,
        events: merged,
        from,
        to,
      });
      return { sections, history };
    },
  };
}

export type TimeTravel = ReturnType<typeof timeTravel>;
