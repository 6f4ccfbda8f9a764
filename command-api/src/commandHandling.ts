import {
  ConcurrencyError,
  newEventId,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@credit/events';

/** A domain event before it is stored: a type and its payload. */
export type DomainEvent = { type: string; data: unknown };

export type Decider<State, Command> = {
  initialState: () => State;
  evolve: (state: State, event: RecordedEvent) => State;
  decide: (command: Command, state: State) => DomainEvent[];
};

export async function loadState<State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown>, 'initialState' | 'evolve'>,
) {
  const events = await store.readStream(streamId);
  const state = events.reduce(decider.evolve, decider.initialState());
  return { state, revision: events.length === 0 ? -1 : events[events.length - 1].revision };
}

/**
 * Read the stream, fold it, decide, append with the revision we read. When another write lands in
 * between, the command is decided again on the new state (commands carry no version of the
 * client's, so this is what running them one after the other would do); after a few such races the
 * ConcurrencyError (409) reaches the caller instead of anything being overwritten.
 */
export async function handleCommand<State, Command>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command>,
  command: Command | ((state: State) => Promise<Command> | Command),
  metadata: EventMetadata,
  attempts = 3,
): Promise<{ result: AppendResult | null; events: NewEvent[]; state: State }> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, streamId, decider);
    // A command built from the state (a function) is built again on every attempt, from the state read.
    const decided = decider.decide(
      typeof command === 'function' ? await (command as (state: State) => Promise<Command> | Command)(state) : command,
      state,
    );
    const events = decided.map((event) => ({ id: newEventId(), type: event.type, data: event.data, metadata }));
    if (events.length === 0) return { result: null, events, state };
    try {
      const result = await store.append(streamId, events, { expectedRevision: revision === -1 ? 'no_stream' : revision });
      return { result, events, state };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
    }
  }
}
