import type { Projection } from '@credit/projectors';
import { chosenProjections } from './chosenProjections';

const named = (name: string) => ({ name }) as Projection;
const all = ['identity', 'audit', 'scoring', 'settings'].map(named);
const names = (projections: Projection[]) => projections.map((projection) => projection.name);

describe('The projections a process runs', () => {
  it('should be every one when PROJECTIONS is unset', () => {
    expect(names(chosenProjections(all, null))).toEqual(['identity', 'audit', 'scoring', 'settings']);
  });

  it('should be those listed, or all but those excluded with -', () => {
    expect(names(chosenProjections(all, ['scoring']))).toEqual(['scoring']);
    expect(names(chosenProjections(all, ['-scoring']))).toEqual(['identity', 'audit', 'settings']);
  });

  it('should refuse a name no projection has, and a list that mixes both forms', () => {
    expect(() => chosenProjections(all, ['scorin'])).toThrow('PROJECTIONS names no projection called scorin');
    expect(() => chosenProjections(all, ['audit', '-scoring'])).toThrow('either lists projections or excludes them');
  });
});
