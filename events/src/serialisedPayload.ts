import { checkedPayload, type EventDefinition } from './catalogue';
import { assertStorableJson } from './storableText';

/** A SerialisedPayload as a message between threads carries it: its fields. */
export type PostedPayload = { type: string; json: string };

/**
 * An event's payload checked against its definition's schema and serialised, in whichever thread
 * holds it: a store appends its JSON as it is, neither checking nor serialising it again. Built for
 * the record chunks of an upload, which the reader's worker checks and serialises, so the process that
 * serves everyone neither receives 100 000 records as objects nor serialises them a second time.
 */
export class SerialisedPayload {
  // Only `of` and `posted` make one: a plain object of the same shape is an ordinary payload to a store.
  readonly #made = true;

  private constructor(
    readonly type: string,
    readonly json: string,
  ) {}

  /** The payload as `EventCatalogue.validate` checks it, then as a store would write it. */
  static of<TType extends string, TData>(definition: EventDefinition<TType, TData>, data: TData): SerialisedPayload {
    const json = JSON.stringify(checkedPayload(definition, data));
    assertStorableJson(json, 'Text');
    return new SerialisedPayload(definition.type, json);
  }

  /**
   * One that `of` made in a worker thread of this process, as it arrives from there (a message keeps
   * its fields, not its class). Nothing is checked again: take it only from such a worker.
   */
  static posted(fields: PostedPayload): SerialisedPayload {
    return new SerialisedPayload(fields.type, fields.json);
  }

  /** The payload as an object again (a store that serialises what it is given, KurrentDB's client). */
  parsed(): unknown {
    return JSON.parse(this.json);
  }

  /** A message's copy of it: its fields. */
  toPosted(): PostedPayload {
    return { type: this.type, json: this.json };
  }

  static is(value: unknown): value is SerialisedPayload {
    return value instanceof SerialisedPayload;
  }
}
