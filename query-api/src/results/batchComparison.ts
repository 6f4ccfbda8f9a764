import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { assertSignedIn, ok, routeId, ValidationError } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { toBatch, visibleBatch } from './batchRows';

/** `GET /result/compare`: a batch re-scored under today's model and parameters, client by client. */
export function batchComparison(router: Router, deps: QueryDeps, fresh: Middleware): void {
  const { knex } = deps;
  router.get('/result/compare', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (!ctx.query.uploadBatchId) throw new ValidationError('uploadBatchId is required');
    const batch = await visibleBatch(knex, user, routeId(String(ctx.query.uploadBatchId), 'Batch'));
    const rows = await knex({ r: 'results' })
      .join({ c: 'clients' }, 'c.id', 'r.client_id')
      .where('r.batch_id', batch.id)
      .orderBy('r.id')
      .select('r.id', 'r.credit_limit', 'r.interest_rate', 'r.chunk', 'r.chunk_row', 'c.id as client_id', 'c.name', 'c.reference_number');
    const records = await deps.scoring.batchRecords(batch.id);
    const rescored = await deps.scoring.rescore({
      institutionId: batch.institution_id,
      headers: batch.headers,
      rows: rows.map((row) => records[row.chunk][row.chunk_row]),
    });
    const clients = rows.map((row, index) => {
      const now = rescored.results[index];
      const old = { creditLimit: Number(row.credit_limit), interestRate: Number(row.interest_rate) };
      return {
        clientId: Number(row.client_id),
        name: row.name,
        reference_number: row.reference_number,
        old,
        new: now,
        creditLimitChange: now ? now.creditLimit - old.creditLimit : null,
        interestRateChange: now ? Math.round((now.interestRate - old.interestRate) * 100) / 100 : null,
        changed: !now || now.creditLimit !== old.creditLimit || now.interestRate !== old.interestRate,
      };
    });
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const scored = clients.filter((client) => client.new !== null);
    ctx.body = ok('Comparison computed successfully', {
      batch: toBatch(batch),
      fromModelVersion: Number(batch.model_version),
      toModelVersion: rescored.modelVersion,
      totals: {
        clients: clients.length,
        changed: clients.filter((client) => client.changed).length,
        noLongerScorable: clients.length - scored.length,
        oldTotalCreditLimit: sum(clients.map((client) => client.old.creditLimit)),
        newTotalCreditLimit: sum(scored.map((client) => client.new!.creditLimit)),
        oldAvgInterestRate: clients.length ? round2(sum(clients.map((client) => client.old.interestRate)) / clients.length) : 0,
        newAvgInterestRate: scored.length ? round2(sum(scored.map((client) => client.new!.interestRate)) / scored.length) : 0,
      },
      clients,
    });
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;
