import type { ReplayOutcome, ReplayedRecord } from './compliancePort';
import { championChallenger, reproduction, type StoredResult } from './replayReport';

const record = (chunk: number, chunkRow: number, reference: string): ReplayedRecord => ({
  chunk,
  chunkRow,
  rowNumber: chunk * 10 + chunkRow + 2,
  reference,
  name: `Client ${reference}`,
});
const scored = (creditLimit: number, interestRate: number, weights = 0.5): ReplayOutcome => ({
  status: 'scored',
  creditLimit,
  interestRate,
  creditLimitWeights: weights,
  interestRateWeights: weights,
});
const rejected: ReplayOutcome = { status: 'rejected', reason: 'Income: missing' };
const stored = (chunk: number, chunkRow: number, outcome: ReplayOutcome): StoredResult => {
  if (outcome.status !== 'scored') throw new Error('only scored outcomes are stored');
  const { status: _status, ...terms } = outcome;
  return { chunk, chunkRow, ...terms };
};

const records = [record(0, 0, 'A'), record(0, 1, 'B'), record(1, 0, 'C'), record(1, 1, 'D')];
const atUpload = [scored(1_000_000, 12.5), scored(50_000, 24, 0.1), rejected, scored(2_000_000, 10)];

describe('Replay report', () => {
  describe('When every stored result is given back', () => {
    it('should count every record reproduced, a rejected record without a stored result included', () => {
      const kept = [stored(0, 0, atUpload[0]), stored(0, 1, atUpload[1]), stored(1, 1, atUpload[3])];
      expect(reproduction({ records, atUpload }, kept)).toEqual({
        total: 4,
        reproduced: 4,
        exact: true,
        storedResults: 3,
        storedWithoutRecord: 0,
        differences: [],
      });
    });
  });

  describe('When stored results differ from the replay', () => {
    it('should name each difference field by field, with stored and replayed terms, in record order', () => {
      const kept = [
        { ...stored(0, 0, atUpload[0]), creditLimit: 1_000_001 },
        { ...stored(0, 1, atUpload[1]), creditLimitWeights: 0.1000000001 },
        { chunk: 1, chunkRow: 0, creditLimit: 1, interestRate: 2, creditLimitWeights: 0, interestRateWeights: 0 },
      ];
      const report = reproduction({ records, atUpload }, kept);
      expect(report).toMatchObject({ total: 4, reproduced: 0, exact: false, storedResults: 3 });
      expect(report.differences).toEqual([
        {
          rowNumber: 2,
          reference: 'A',
          stored: { creditLimit: 1_000_001, interestRate: 12.5, creditLimitWeights: 0.5, interestRateWeights: 0.5 },
          replayed: { creditLimit: 1_000_000, interestRate: 12.5, creditLimitWeights: 0.5, interestRateWeights: 0.5 },
          rejection: null,
          fields: ['creditLimit'],
        },
        expect.objectContaining({ reference: 'B', fields: ['creditLimitWeights'] }),
        expect.objectContaining({ reference: 'C', replayed: null, rejection: 'Income: missing', fields: ['scored'] }),
        expect.objectContaining({ reference: 'D', stored: null, fields: ['scored'] }),
      ]);
      expect(reproduction({ records, atUpload }, kept, 2).differences.map((difference) => difference.reference)).toEqual(['A', 'B']);
    });

    it('should not call exact a replay when a stored result has no record behind it', () => {
      const kept = [stored(0, 0, atUpload[0]), stored(0, 1, atUpload[1]), stored(1, 1, atUpload[3]), stored(7, 0, atUpload[0])];
      expect(reproduction({ records, atUpload }, kept)).toMatchObject({ reproduced: 4, exact: false, storedWithoutRecord: 1 });
    });
  });

  describe('When champion and challenger are compared', () => {
    it('should compare client by client and add up both sides', () => {
      const against = [scored(1_200_000, 12), scored(50_000, 24, 0.2), scored(300_000, 20), rejected];
      const { totals, clients } = championChallenger({ records, atUpload, against });
      expect(clients[0]).toEqual({
        rowNumber: 2,
        reference: 'A',
        name: 'Client A',
        champion: { creditLimit: 1_000_000, interestRate: 12.5 },
        challenger: { creditLimit: 1_200_000, interestRate: 12 },
        creditLimitChange: 200_000,
        interestRateChange: -0.5,
        changed: true,
      });
      // The weights moved but not the terms: the client's terms are unchanged.
      expect(clients[1]).toMatchObject({ changed: false, creditLimitChange: 0, interestRateChange: 0 });
      expect(clients[2]).toMatchObject({ champion: null, challenger: { creditLimit: 300_000 }, creditLimitChange: null, changed: true });
      expect(clients[3]).toMatchObject({ champion: { creditLimit: 2_000_000 }, challenger: null, changed: true });
      expect(totals).toEqual({
        clients: 4,
        changed: 3,
        champion: { scorable: 3, totalCreditLimit: 3_050_000, averageInterestRate: 15.5 },
        challenger: { scorable: 3, totalCreditLimit: 1_550_000, averageInterestRate: 18.67 },
        totalCreditLimitChange: -1_500_000,
        becameScorable: 1,
        noLongerScorable: 1,
      });
    });

    it('should find nothing changed when the challenger is the champion', () => {
      expect(championChallenger({ records, atUpload, against: atUpload }).totals).toMatchObject({ changed: 0, totalCreditLimitChange: 0 });
    });
  });
});
