import type Router from '@koa/router';
import type { Knex } from 'knex';
import { assertCanAccessInstitution, assertSignedIn, ok, routeId } from '@credit/events';
import { prepared } from '../preparedStatements';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { VISIBLE_STATUSES } from '../results/resultRows';
import {
  BATCHES,
  LIMIT_BANDS,
  PORTFOLIO_FIGURES,
  RATE_STEP,
  RESULT_FIGURES,
  SCORE_BUCKETS,
  SCORE_SCALE,
} from '@credit/projectors/src/readModels';

const BATCHES_SHOWN = 50;

/**
 * Each client's latest result among completed batches, the institution's portfolio as it stands:
 * counted by the scoring projection by the batch of that result and its bands (`p`).
 */
function portfolio(knex: Knex, institutionId: number) {
  return knex({ p: PORTFOLIO_FIGURES })
    .join({ b: BATCHES }, 'b.id', 'p.batch_id')
    .whereIn('b.status', VISIBLE_STATUSES)
    .where('p.institution_id', institutionId);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * `GET /institution/performance` (an admin adds `institutionId`): the portfolio of the institution's
 * clients, each by their latest result — the distribution of credit limits, of interest rates and of
 * credit-limit scores, the approval rate and averages — and, per completed batch over time, its
 * clients, approval rate and averages.
 */
export function portfolioPerformance(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'scoring');
  router.get('/institution/performance', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = user.isAdmin ? routeId(String(ctx.query.institutionId ?? ''), 'Institution') : (user.institutionId as number);
    assertCanAccessInstitution(user, institutionId);
    const { knex } = deps;

    const [totals, limits, rates, scores, batches] = await Promise.all([
      // Each average divided as avg() divides (numeric; the rates' sum with their 2 decimals); the
      // score from whole billionths, so it may differ from the results' average past the 9th decimal.
      prepared(
        portfolio(knex, institutionId).first(
          knex.raw('coalesce(sum(p.clients), 0)::int AS clients'),
          knex.raw('coalesce(sum(p.credit_limit_sum) / sum(p.clients), 0)::float8 AS "avgCreditLimit"'),
          knex.raw('coalesce(round(sum(p.interest_rate_cents) / 100.0, 2) / sum(p.clients), 0)::float8 AS "avgInterestRate"'),
          knex.raw(`coalesce(sum(p.score_sum) / ${SCORE_SCALE}.0 / sum(p.clients), 0)::float8 AS "avgScore"`),
          knex.raw('coalesce(sum(p.clients) FILTER (WHERE p.limit_band > 0)::numeric / sum(p.clients), 0)::float8 AS "approvalRate"'),
          knex.raw('coalesce(sum(p.credit_limit_sum), 0)::float8 AS "totalCreditLimit"'),
        ),
      ),
      prepared(
        portfolio(knex, institutionId).select('p.limit_band AS band', knex.raw('sum(p.clients)::int AS clients')).groupBy('p.limit_band'),
      ),
      prepared(
        portfolio(knex, institutionId)
          .select(knex.raw('(p.rate_band * ?)::float8 AS "from"', [RATE_STEP]), knex.raw('sum(p.clients)::int AS clients'))
          .groupByRaw('1')
          .orderByRaw('1'),
      ),
      prepared(
        portfolio(knex, institutionId)
          .select('p.score_bucket AS bucket', knex.raw('sum(p.clients)::int AS clients'))
          .groupBy('p.score_bucket'),
      ),
      // Per batch from the counts and sums the scoring projection keeps; the portfolio above is each
      // client's latest result, which no per-batch sum gives, and is still read from the results.
      prepared(
        knex({ b: BATCHES })
          .join({ f: RESULT_FIGURES }, 'f.batch_id', 'b.id')
          .where('b.institution_id', institutionId)
          .whereIn('b.status', VISIBLE_STATUSES)
          .groupBy('b.id', 'b.name', 'b.created_at')
          .orderBy('b.created_at', 'desc')
          .limit(BATCHES_SHOWN)
          .select(
            'b.id',
            'b.name',
            'b.created_at',
            knex.raw('sum(f.results)::int AS clients'),
            knex.raw('(sum(f.approved)::numeric / sum(f.results))::float8 AS "approvalRate"'),
            knex.raw('(sum(f.credit_limit_sum) / sum(f.results))::float8 AS "avgCreditLimit"'),
            knex.raw('(sum(f.interest_rate_sum) / sum(f.results))::float8 AS "avgInterestRate"'),
            knex.raw('(sum(f.credit_limit_score_sum) / sum(f.results))::float8 AS "avgScore"'),
          ),
      ),
    ]);

    const byBand = new Map((limits as { band: number; clients: number }[]).map((row) => [row.band, row.clients]));
    const byScore = new Map((scores as { bucket: number; clients: number }[]).map((row) => [row.bucket, row.clients]));
    const summary = totals as {
      clients: number;
      avgCreditLimit: number;
      avgInterestRate: number;
      avgScore: number;
      approvalRate: number;
      totalCreditLimit: number;
    };
    ctx.body = ok('Performance retrieved successfully', {
      clients: summary.clients,
      approvalRate: round2(summary.approvalRate * 100),
      avgCreditLimit: Math.round(summary.avgCreditLimit),
      avgInterestRate: round2(summary.avgInterestRate),
      avgScore: round2(summary.avgScore * 100),
      totalCreditLimit: summary.totalCreditLimit,
      creditLimitBands: LIMIT_BANDS.map((from, index) => ({ from, to: LIMIT_BANDS[index + 1] ?? null, clients: byBand.get(index) ?? 0 })),
      interestRateBands: (rates as { from: number; clients: number }[]).map((row) => ({
        from: row.from,
        to: row.from + RATE_STEP,
        clients: row.clients,
      })),
      scoreBuckets: Array.from({ length: SCORE_BUCKETS }, (_, index) => ({
        from: (index * 100) / SCORE_BUCKETS,
        to: ((index + 1) * 100) / SCORE_BUCKETS,
        clients: byScore.get(index) ?? 0,
      })),
      batches: (
        batches as {
          id: number;
          name: string;
          created_at: Date;
          clients: number;
          approvalRate: number;
          avgCreditLimit: number;
          avgInterestRate: number;
          avgScore: number;
        }[]
      )
        .reverse()
        .map((row) => ({
          id: row.id,
          name: row.name,
          createdAt: row.created_at,
          clients: row.clients,
          approvalRate: round2(row.approvalRate * 100),
          avgCreditLimit: Math.round(row.avgCreditLimit),
          avgInterestRate: round2(row.avgInterestRate),
          avgScore: round2(row.avgScore * 100),
        })),
    });
  });
}
