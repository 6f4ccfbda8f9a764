import type { z } from 'zod';
import { EventSchemaError } from './errors';
import type { RecordedEvent } from './eventStore';

/** How to lift a payload stored at `fromVersion` to `fromVersion + 1`. */
export type Upcaster = { fromVersion: number; upcast: (data: unknown) => unknown };

export type EventDefinition<TType extends string = string, TData = unknown> = {
  type: TType;
  version: number;
  schema: z.ZodType<TData>;
  upcasters?: Upcaster[];
};

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  options: { version?: number; upcasters?: Upcaster[] } = {},
): EventDefinition<TType, z.infer<TSchema>> {
  return { type, schema: schema as z.ZodType<z.infer<TSchema>>, version: options.version ?? 1, upcasters: options.upcasters };
}

/** A payload checked against its definition's schema (parsed as the schema parses it), or an EventSchemaError naming the first issue. */
export function checkedPayload<TData>(definition: EventDefinition<string, TData>, data: unknown): TData {
  const result = definition.schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new EventSchemaError(definition.type, `${where}${issue?.message ?? 'invalid payload'}`);
  }
  return result.data;
}

/** An event as deciders and projections see it (Emmett's `Event`): its type and its payload. */
export type Event<TType extends string = string, TData = unknown> = { type: TType; data: TData };

/** The event a definition describes: `EventOf<typeof batchUploadStarted>` is `Event<'BatchUploadStarted', {...}>`. */
export type EventOf<TDefinition> = TDefinition extends EventDefinition<infer TType, infer TData> ? Event<TType, TData> : never;

/** The payload a definition's schema describes. */
export type DataOf<TDefinition> = TDefinition extends EventDefinition<string, infer TData> ? TData : never;

/**
 * An event of a union as read from the store, with its position, metadata and time: a switch on
 * `type` narrows `data`. An intersection (not a mapped type), so code generic over the union can fold
 * `Recorded<TEvent>` with a function of `TEvent`.
 */
export type Recorded<TEvent extends Event> = RecordedEvent & TEvent;

/** Says whether a stored event is one of a union's, narrowing it: what `isEventOf` returns. */
export type EventGuard<TEvent extends Event> = (event: RecordedEvent) => event is Recorded<TEvent>;

/**
 * The one place a stored event becomes a typed one. The store checked (and upcast) every payload
 * against the catalogue when it read it, so an event whose type is one of `definitions` carries the
 * payload that definition's schema describes. Use it as a filter or guard:
 * `events.filter(isEventOf(batchEvents))`.
 */
export function isEventOf<TDefinition extends EventDefinition>(definitions: readonly TDefinition[]): EventGuard<EventOf<TDefinition>> {
  const types = new Set<string>(definitions.map((definition) => definition.type));
  return (event): event is Recorded<EventOf<TDefinition>> => types.has(event.type);
}

/**
 * A payload's top-level fields, for the few readers that treat every event alike (the audit log's
 * details and sentences); every other reader switches on the type of its union instead.
 */
export function payloadFields(data: unknown): Readonly<Record<string, unknown>> {
  return data !== null && typeof data === 'object' ? Object.fromEntries(Object.entries(data)) : {};
}

/**
 * The event catalogue: one typed, versioned schema per event type. The store validates each
 * payload on append and on read, and upcasts payloads stored under an older schema version.
 */
export class EventCatalogue {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    this.register(...definitions);
  }

  register(...definitions: readonly EventDefinition[]): this {
    for (const definition of definitions) {
      const known = this.definitions.get(definition.type);
      if (known && known !== definition) throw new Error(`Event type ${definition.type} is defined twice`);
      this.definitions.set(definition.type, definition);
    }
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  versionOf(type: string): number {
    return this.get(type).version;
  }

  /** Validates a payload about to be appended; returns the parsed payload. */
  validate(type: string, data: unknown): unknown {
    return checkedPayload(this.get(type), data);
  }

  /** Brings a stored payload to the current schema version and validates it. */
  read(type: string, storedVersion: number, data: unknown): unknown {
    const definition = this.get(type);
    let payload = data;
    for (let version = storedVersion; version < definition.version; version++) {
      const upcaster = definition.upcasters?.find((candidate) => candidate.fromVersion === version);
      if (!upcaster) throw new EventSchemaError(type, `no upcaster from version ${version}`);
      payload = upcaster.upcast(payload);
    }
    return this.validate(type, payload);
  }

  private get(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new EventSchemaError(type, 'unknown event type');
    return definition;
  }
}
