import type { BatchReplay, ReplayOutcome } from './compliancePort';

/** A result as the scoring projection stored it, where its record sits in the log. */
export type StoredResult = {
  chunk: number;
  chunkRow: number;
  creditLimit: number;
  interestRate: number;
  creditLimitWeights: number;
  interestRateWeights: number;
};

type Terms = Omit<StoredResult, 'chunk' | 'chunkRow'>;

/** A record whose stored result the replay did not give exactly, field by field. */
export type ReproductionDifference = {
  rowNumber: number;
  reference: string;
  stored: Terms | null;
  replayed: Terms | null;
  /** Why the replay did not score the record, when it did not. */
  rejection: string | null;
  /** The fields that differ (`scored` when one side has a result and the other none). */
  fields: string[];
};

export type Reproduction = {
  /** Accepted records in the log. */
  total: number;
  /** Records whose replay gives exactly what was stored: the same four figures, or no result on both sides. */
  reproduced: number;
  /** Every record reproduced and no stored result without a record. */
  exact: boolean;
  storedResults: number;
  /** Stored results that no record of the log stands behind (none, unless the tables were tampered with). */
  storedWithoutRecord: number;
  /** The first differences, in record order. */
  differences: ReproductionDifference[];
};

const FIELDS = ['creditLimit', 'interestRate', 'creditLimitWeights', 'interestRateWeights'] as const;

const termsOf = (outcome: ReplayOutcome): Terms | null =>
  outcome.status === 'scored'
    ? {
        creditLimit: outcome.creditLimit,
        interestRate: outcome.interestRate,
        creditLimitWeights: outcome.creditLimitWeights,
        interestRateWeights: outcome.interestRateWeights,
      }
    : null;

const keyOf = (chunk: number, chunkRow: number) => chunk * 1_000_000 + chunkRow;

/**
 * Whether replaying the batch under its upload's model gave back every stored result exactly (the
 * credit limit, the rate and both weighted sums, bit for bit), and the first `keep` differences.
 */
export function reproduction(replay: Pick<BatchReplay, 'records' | 'atUpload'>, stored: readonly StoredResult[], keep = 20): Reproduction {
  const byPlace = new Map<number, StoredResult>();
  for (const result of stored) byPlace.set(keyOf(result.chunk, result.chunkRow), result);
  let reproduced = 0;
  let matched = 0;
  const differences: ReproductionDifference[] = [];
  replay.records.forEach((record, index) => {
    const place = keyOf(record.chunk, record.chunkRow);
    const kept = byPlace.get(place);
    if (kept) matched++;
    const outcome = replay.atUpload[index];
    const replayed = termsOf(outcome);
    const fields = !kept !== !replayed ? ['scored'] : kept && replayed ? FIELDS.filter((field) => kept[field] !== replayed[field]) : [];
    if (fields.length === 0) {
      reproduced++;
      return;
    }
    if (differences.length >= keep) return;
    differences.push({
      rowNumber: record.rowNumber,
      reference: record.reference,
      stored: kept
        ? {
            creditLimit: kept.creditLimit,
            interestRate: kept.interestRate,
            creditLimitWeights: kept.creditLimitWeights,
            interestRateWeights: kept.interestRateWeights,
          }
        : null,
      replayed,
      rejection: outcome.status === 'rejected' ? outcome.reason : null,
      fields,
    });
  });
  const storedWithoutRecord = byPlace.size - matched + (stored.length - byPlace.size);
  return {
    total: replay.records.length,
    reproduced,
    exact: reproduced === replay.records.length && storedWithoutRecord === 0,
    storedResults: stored.length,
    storedWithoutRecord,
    differences,
  };
}

type ClientTerms = { creditLimit: number; interestRate: number };

/** One client of the batch under the champion (the model at upload) and the challenger (the model asked for). */
export type ComparedClient = {
  rowNumber: number;
  reference: string;
  name: string;
  champion: ClientTerms | null;
  challenger: ClientTerms | null;
  creditLimitChange: number | null;
  interestRateChange: number | null;
  changed: boolean;
};

export type SideTotals = { scorable: number; totalCreditLimit: number; averageInterestRate: number };

export type ComparisonTotals = {
  clients: number;
  changed: number;
  champion: SideTotals;
  challenger: SideTotals;
  /** challenger.totalCreditLimit − champion.totalCreditLimit. */
  totalCreditLimitChange: number;
  becameScorable: number;
  noLongerScorable: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const clientTerms = (outcome: ReplayOutcome): ClientTerms | null =>
  outcome.status === 'scored' ? { creditLimit: outcome.creditLimit, interestRate: outcome.interestRate } : null;

function sideTotals() {
  let scorable = 0;
  let totalCreditLimit = 0;
  let rates = 0;
  return {
    add(terms: ClientTerms | null) {
      if (!terms) return;
      scorable++;
      totalCreditLimit += terms.creditLimit;
      rates += terms.interestRate;
    },
    get: (): SideTotals => ({ scorable, totalCreditLimit, averageInterestRate: scorable ? round2(rates / scorable) : 0 }),
  };
}

/** Champion (the model at upload) against challenger, client by client in record order, and in total. */
export function championChallenger(replay: Pick<BatchReplay, 'records' | 'atUpload' | 'against'>): {
  totals: ComparisonTotals;
  clients: ComparedClient[];
} {
  const champion = sideTotals();
  const challenger = sideTotals();
  let changed = 0;
  let becameScorable = 0;
  let noLongerScorable = 0;
  const clients = replay.records.map((record, index): ComparedClient => {
    const before = clientTerms(replay.atUpload[index]);
    const after = clientTerms(replay.against[index]);
    champion.add(before);
    challenger.add(after);
    if (!before && after) becameScorable++;
    if (before && !after) noLongerScorable++;
    const differs =
      !before !== !after ||
      (before !== null && after !== null && (before.creditLimit !== after.creditLimit || before.interestRate !== after.interestRate));
    if (differs) changed++;
    return {
      rowNumber: record.rowNumber,
      reference: record.reference,
      name: record.name,
      champion: before,
      challenger: after,
      creditLimitChange: before && after ? after.creditLimit - before.creditLimit : null,
      interestRateChange: before && after ? round2(after.interestRate - before.interestRate) : null,
      changed: differs,
    };
  });
  const totals = { champion: champion.get(), challenger: challenger.get() };
  return {
    totals: {
      clients: clients.length,
      changed,
      ...totals,
      totalCreditLimitChange: totals.challenger.totalCreditLimit - totals.champion.totalCreditLimit,
      becameScorable,
      noLongerScorable,
    },
    clients,
  };
}
