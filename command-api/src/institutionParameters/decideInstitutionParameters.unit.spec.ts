import { evolveInstitutionParameters, initialInstitutionParameters, ValidationError } from '@credit/events';
import { PARAMETER_CODES } from '@credit/scoring';
import { decideInstitutionParameters, type ParameterEntry } from './decideInstitutionParameters';
import type { PairedTemplate } from './parameterBounds';

const pairs: PairedTemplate[] = [
  { parameterId: 1, name: 'Minimum Credit Limit', uniqueCode: PARAMETER_CODES.minimumCreditLimit, defaultValue: 50_000 },
  { parameterId: 2, name: 'Maximum Credit Limit', uniqueCode: PARAMETER_CODES.maximumCreditLimit, defaultValue: 5_000_000 },
  { parameterId: 3, name: 'Minimum Interest Rate', uniqueCode: PARAMETER_CODES.minimumInterestRate, defaultValue: 8 },
  { parameterId: 4, name: 'Maximum Interest Rate', uniqueCode: PARAMETER_CODES.maximumInterestRate, defaultValue: 24 },
];
const entry = (pair: PairedTemplate, value: number): ParameterEntry => ({
  parameterId: pair.parameterId,
  valueId: pair.parameterId * 10,
  parameterName: pair.name,
  uniqueCode: pair.uniqueCode,
  defaultValue: pair.defaultValue,
  value,
});
const set = (...entries: ParameterEntry[]) => ({
  type: 'SetParameterValues' as const,
  institutionId: 7,
  reason: 'set' as const,
  entries,
  pairs,
});
const stateAfter = (...entries: ParameterEntry[]) =>
  decideInstitutionParameters(set(...entries), initialInstitutionParameters()).reduce(
    (state, event) => evolveInstitutionParameters(state, event),
    initialInstitutionParameters(),
  );

describe('Deciding institution parameter values', () => {
  describe('When nothing was stored yet', () => {
    it('should record only the values that differ from the template defaults, on the first save of the whole form', () => {
      const events = decideInstitutionParameters(
        set(entry(pairs[0], 50_000), entry(pairs[1], 6_000_000), entry(pairs[2], 8), entry(pairs[3], 24)),
        initialInstitutionParameters(),
      );
      expect(events).toEqual([
        {
          type: 'InstitutionParametersSet',
          data: {
            institutionId: 7,
            reason: 'set',
            changes: [
              {
                valueId: 20,
                parameterId: 2,
                parameterName: 'Maximum Credit Limit',
                uniqueCode: pairs[1].uniqueCode,
                oldValue: null,
                value: 6_000_000,
              },
            ],
          },
        },
      ]);
    });

    it('should only confirm the values when every one is its default, so the defaults stay unstored', () => {
      const state = initialInstitutionParameters();
      expect(decideInstitutionParameters(set(...pairs.map((pair) => entry(pair, pair.defaultValue))), state)).toEqual([
        { type: 'InstitutionParametersConfirmed', data: { institutionId: 7 } },
      ]);
    });

    it('should decide nothing for a reset with nothing to reset: it reviewed nothing', () => {
      const state = initialInstitutionParameters();
      expect(decideInstitutionParameters({ ...set(entry(pairs[0], 50_000)), reason: 'reset' }, state)).toEqual([]);
    });
  });

  describe('When a value is stored', () => {
    it('should take the stored value, not the default, as what the institution has', () => {
      const state = stateAfter(entry(pairs[0], 100_000));
      const confirmed = decideInstitutionParameters(set(entry(pairs[0], 100_000)), state);
      expect(confirmed).toEqual([{ type: 'InstitutionParametersConfirmed', data: { institutionId: 7 } }]);
      // The confirmation stores nothing: the values stay exactly as they stood.
      expect(confirmed.reduce((folded, event) => evolveInstitutionParameters(folded, event), state)).toEqual(state);
      expect(decideInstitutionParameters(set(entry(pairs[0], 50_000)), state)).toMatchObject([
        { data: { changes: [{ parameterId: 1, oldValue: 100_000, value: 50_000 }] } },
      ]);
    });
  });

  describe('When a request was checked against values that another request has since changed', () => {
    it('should refuse a maximum below the minimum now stored, whatever the request saw', () => {
      const state = stateAfter(entry(pairs[0], 3_000_000));
      expect(() => decideInstitutionParameters(set(entry(pairs[1], 2_000_000)), state)).toThrow(
        new ValidationError('Minimum Credit Limit (3,000,000) cannot be greater than Maximum Credit Limit (2,000,000)'),
      );
    });

    it('should accept the same maximum when the stored minimum is below it', () => {
      const state = stateAfter(entry(pairs[0], 1_000_000));
      expect(decideInstitutionParameters(set(entry(pairs[1], 2_000_000)), state)).toHaveLength(1);
    });
  });

  describe('When a value is removed', () => {
    it('should refuse the removal when the default it brings back would invert its pair', () => {
      const state = stateAfter(entry(pairs[2], 20), entry(pairs[3], 30));
      const remove = {
        type: 'RemoveParameterValue' as const,
        institutionId: 7,
        parameterId: 4,
        parameterName: pairs[3].name,
        uniqueCode: pairs[3].uniqueCode,
        pairs,
      };
      expect(() => decideInstitutionParameters(remove, stateAfter(entry(pairs[2], 25), entry(pairs[3], 30)))).toThrow(
        'Minimum Interest Rate (25) cannot be greater than Maximum Interest Rate (24)',
      );
      expect(decideInstitutionParameters(remove, state)).toMatchObject([
        { type: 'InstitutionParameterValueRemoved', data: { oldValue: 30 } },
      ]);
    });
  });
});
