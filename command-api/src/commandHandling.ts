import {
  ConcurrencyError,
  newEventId,
  type AppendResult,
  type Event,
  type EventGuard,
  type EventMetadata,
  type EventStore,
  type Recorded,
} from '@credit/events';

/**
 * A decider over one union of events (`TEvent`, e.g. ModelEvent): `decide` answers with events of
 * it, `evolve` folds them, and a `switch (event.type)` in either narrows the payload.
 */
export type Decider<State, Command, TEvent extends Event> = {
  /** Which of the stream's stored events the decider folds: `isEventOf(its definitions)`. */
  isEvent: EventGuard<TEvent>;
  initialState: () => State;
  evolve: (state: State, event: Recorded<TEvent>) => State;
  decide: (command: Command, state: State) => TEvent[];
};

/** An event decided and about to be appended: its union member, with an id and the metadata. */
export type DecidedEvent<TEvent extends Event> = TEvent & { id: string; metadata: EventMetadata };

/** The payload of the first decided event of `type`: what a route that creates something answers with. */
export function decidedData<TEvent extends Event, TType extends TEvent['type']>(
  events: readonly TEvent[],
  type: TType,
): Extract<TEvent, { type: TType }>['data'] {
  const event = events.find((candidate): candidate is Extract<TEvent, { type: TType }> => candidate.type === type);
  if (!event) throw new Error(`The command decided no ${type} event`);
  return event.data;
}

export async function loadState<State, TEvent extends Event>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, TEvent>, 'isEvent' | 'initialState' | 'evolve'>,
) {
  const events = await store.readStream(streamId);
  const state = events.filter(decider.isEvent).reduce(decider.evolve, decider.initialState());
  return { state, revision: events.length === 0 ? -1 : events[events.length - 1].revision };
}

/**
 * Read the stream, fold it, decide, append with the revision we read. When another write lands in
 * between, the command is decided again on the new state (commands carry no version of the
 * client's, so this is what running them one after the other would do); after a few such races the
 * ConcurrencyError (409) reaches the caller instead of anything being overwritten.
 */
export async function handleCommand<State, Command, TEvent extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, TEvent>,
  command: Command | ((state: State) => Promise<Command> | Command),
  metadata: EventMetadata,
  attempts = 3,
): Promise<{ result: AppendResult | null; events: DecidedEvent<TEvent>[]; state: State }> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, streamId, decider);
    // A command built from the state (a function) is built again on every attempt, from the state read.
    const decided = decider.decide(
      typeof command === 'function' ? await (command as (state: State) => Promise<Command> | Command)(state) : command,
      state,
    );
    const events = decided.map((event): DecidedEvent<TEvent> => ({ ...event, id: newEventId(), metadata }));
    if (events.length === 0) return { result: null, events, state };
    try {
      const result = await store.append(streamId, events, { expectedRevision: revision === -1 ? 'no_stream' : revision });
      return { result, events, state };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
    }
  }
}
