import { ConcurrencyError, SCORING_MODEL_STREAM, systemActor, type EventStore } from '@credit/events';
import { starterModel } from '@credit/scoring';
import { handleCommand } from '../commandHandling';
import { scoringModelDecider } from './decideScoringModel';

/**
 * At first start, when the log holds no model events, the system actor appends the five-Cs starter
 * model and the six parameter templates, so a fresh install can score an upload at once.
 */
export async function ensureStarterModel(store: EventStore): Promise<{ seeded: boolean }> {
  try {
    const { result } = await handleCommand(
      store,
      SCORING_MODEL_STREAM,
      scoringModelDecider,
      { type: 'SeedStarterModel', model: starterModel() },
      { actor: systemActor, correlationId: 'starter-model', causationId: null, institutionId: null, occurredAt: new Date().toISOString() },
    );
    return { seeded: result !== null };
  } catch (error) {
    // Another process seeding at the same moment won the race; its model stands.
    if (error instanceof ConcurrencyError) return { seeded: false };
    throw error;
  }
}
