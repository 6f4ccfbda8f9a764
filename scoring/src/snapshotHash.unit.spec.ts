import { createHash } from 'node:crypto';
import { handWorkedModel } from './handWorkedModel.testFixture';
import { canonicalJson, snapshotHash } from './snapshotHash';

describe('canonicalJson', () => {
  it('should sort keys at every depth and drop undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  });
});

describe('snapshotHash', () => {
  const snapshot = handWorkedModel();

  it('should be the sha256 hex of the canonical JSON of the content', () => {
    const content = { categories: snapshot.categories, variables: snapshot.variables, parameterTemplates: snapshot.parameterTemplates };
    expect(snapshotHash(snapshot)).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));
    expect(snapshotHash(snapshot)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should not depend on key order, list order or the version', () => {
    const reordered = {
      parameterTemplates: [...snapshot.parameterTemplates].reverse(),
      variables: [...snapshot.variables]
        .reverse()
        .map((variable) => Object.fromEntries(Object.entries(variable).reverse()) as typeof variable),
      categories: [...snapshot.categories].reverse(),
      version: 99,
    };
    expect(snapshotHash(reordered)).toBe(snapshotHash(snapshot));
  });

  it('should change when the model changes', () => {
    const edited = {
      ...snapshot,
      categories: snapshot.categories.map((category) => ({ ...category, creditLimitWeight: category.creditLimitWeight + 1 })),
    };
    expect(snapshotHash(edited)).not.toBe(snapshotHash(snapshot));
  });
});
