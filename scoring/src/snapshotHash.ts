import { createHash } from 'node:crypto';
import type { ModelSnapshot } from './modelSnapshot';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

type WithId = { readonly id: number };

function byId(left: WithId, right: WithId): number {
  return left.id - right.id;
}

/** JSON with sorted keys and no insignificant whitespace; undefined fields are left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalise(value));
}

function canonicalise(value: unknown): Json {
  if (value === null || typeof value !== 'object') {
    return value === undefined ? null : (value as Json);
  }
  if (Array.isArray(value)) return value.map(canonicalise);
  const sorted: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) sorted[key] = canonicalise(field);
  }
  return sorted;
}

/**
 * sha256 of the model's content. The version is left out and lists are put in id order, so two
 * positions holding the same model share a hash whatever order the projection returned rows in.
 */
export function snapshotHash(snapshot: ModelSnapshot): string {
  const content = {
    categories: [...snapshot.categories].sort(byId),
    variables: [...snapshot.variables].sort(byId),
    parameterTemplates: [...snapshot.parameterTemplates].sort(byId),
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
