import type { z } from 'zod';
import { EventSchemaError } from './errors';

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
    const result = this.get(type).schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new EventSchemaError(type, `${where}${issue?.message ?? 'invalid payload'}`);
    }
    return result.data;
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
