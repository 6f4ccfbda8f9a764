/**
 * The types of the compliance reads, for the query side to import type-only: only names of types
 * live behind this module, so importing it loads none of the folds or the engine.
 */
export type { TimeTravel, ModelView, ParameterValueView } from './timeTravel';
export type { BatchReplay, BatchReplays, ReplayOutcome, ReplayedRecord } from './batchReplay';
export type { Authorship, EntityChange, FieldChange, HistoryDiff, HistoryEntry, SectionDiff } from './historyDiff';
