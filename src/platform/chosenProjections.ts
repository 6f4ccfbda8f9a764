import type { Projection } from '@credit/projectors';

/**
 * The projections this process runs, from `PROJECTIONS`: every one when unset; the names listed; or,
 * when every name starts with `-`, all but those. A projectors process can so keep the scoring of
 * large batches apart from the small projections every screen waits for (README, "Read-your-writes").
 */
export function chosenProjections(all: readonly Projection[], names: readonly string[] | null): Projection[] {
  if (names === null || names.length === 0) return [...all];
  const unknown = names.map((name) => name.replace(/^-/, '')).filter((name) => !all.some((projection) => projection.name === name));
  if (unknown.length > 0) throw new Error(`PROJECTIONS names no projection called ${unknown.join(', ')}`);
  const excluding = names.every((name) => name.startsWith('-'));
  if (!excluding && names.some((name) => name.startsWith('-')))
    throw new Error('PROJECTIONS either lists projections or excludes them with -, not both');
  return all.filter((projection) => (excluding ? !names.includes(`-${projection.name}`) : names.includes(projection.name)));
}
