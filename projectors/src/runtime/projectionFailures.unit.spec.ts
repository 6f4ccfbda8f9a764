import { failsOnData } from './projectionFailures';

const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

describe('failsOnData', () => {
  it('should treat what an event holds as its own failure: bad data, a constraint, a limit, a thrown error', () => {
    for (const code of ['22003', '22P02', '23505', '54000']) expect(failsOnData(pgError(code))).toBe(true);
    expect(failsOnData(new TypeError('Cannot read properties of undefined'))).toBe(true);
  });

  it('should retry what another try may not meet: connections, conflicts, resources, timeouts', () => {
    for (const code of ['08006', '40001', '40P01', '53200', '55P03', '57014', '57P01', 'XX000', 'ECONNRESET', 'ECONNREFUSED']) {
      expect(failsOnData(pgError(code))).toBe(false);
    }
    expect(failsOnData(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(failsOnData(Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }))).toBe(false);
  });
});
