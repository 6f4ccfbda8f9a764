import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { category, modelClient, numericVariable, type ModelClient } from '../model/modelClient';

const NEW_VARIABLE = 'Years in business';
const MISSING = { code: 'missing_required_variable', variable: NEW_VARIABLE };

type Compared = { new: unknown; notScorable: { reason: string; problems: unknown[] } | null; old: { creditLimit: number } };

describe('Compare after an administrator adds a required variable', () => {
  let platform: TestPlatform;
  let admin: string;
  let api: ModelClient;
  let bank: TestInstitution;
  let without: number;
  let partly: number;
  let filled: Set<string>;

  const compare = async (batchId: number, position = api.lastPosition()) => {
    const response = await platform.request(`/api/result/compare?uploadBatchId=${batchId}&limit=1000`, {
      headers: { ...bearer(bank.token), 'X-Min-Position': String(position) },
    });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  const uploaded = async (headers: string[], rows: string[][], name: string) => {
    const response = await upload(platform, bank.token, { name: `${name}.csv`, content: csvOf(headers, rows) }, { batchName: name });
    expect(response.status).toBe(201);
    await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
    return response.body.data.batch.id as number;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    api = modelClient(platform);
    bank = await approvedInstitution(platform, admin, 'Banque du Compare');
    const plain = starterRows(12, 5);
    without = await uploaded(plain.headers, plain.rows, 'Without the column');
    // A batch that already carries the column (unknown to the model then) for 7 of its 10 clients.
    const extra = starterRows(10, 9);
    const reference = extra.headers.indexOf('reference_number');
    filled = new Set(extra.rows.slice(0, 7).map((row) => row[reference]));
    partly = await uploaded(
      [...extra.headers, NEW_VARIABLE],
      extra.rows.map((row, index) => [...row, index < 7 ? String(3 + index) : '']),
      'Partly filled',
    );
  });
  afterAll(async () => platform.close());

  // The batch came after the last change, so its version is that change's, not the log position of its upload.
  it('should say the batch was scored under today’s model before any change', async () => {
    const data = await compare(without, 0);
    expect(data.fromModel).toEqual(data.toModel);
    expect(data.fromModelVersion).toBe(data.toModelVersion);
    expect(data.totals).toMatchObject({ clients: 12, scorable: 12, noLongerScorable: 0, notScorableReasons: [] });
    expect(data.clients.every((client: Compared) => client.notScorable === null)).toBe(true);
    // The totals come from the batch's own figures (no walk); the page re-scores each of its clients, and they agree.
    type Row = { changed: boolean; old: { creditLimit: number; interestRate: number }; new: { creditLimit: number; interestRate: number } };
    const clients = data.clients as Row[];
    expect(clients).toHaveLength(12);
    expect(clients.filter((client) => client.changed)).toEqual([]);
    const total = clients.reduce((sum, client) => sum + client.new.creditLimit, 0);
    const rates = clients.reduce((sum, client) => sum + client.new.interestRate, 0);
    expect(data.totals).toMatchObject({
      changed: 0,
      oldTotalCreditLimit: total,
      newTotalCreditLimit: total,
      oldAvgInterestRate: Math.round((rates / 12) * 100) / 100,
      newAvgInterestRate: Math.round((rates / 12) * 100) / 100,
      scorableThen: { totalCreditLimit: total, avgInterestRate: Math.round((rates / 12) * 100) / 100 },
    });
  });

  describe('When the administrator has added a required variable', () => {
    beforeAll(async () => {
      const created = await api.post(admin, '/variableCategory/create', category({ name: 'Business history' }));
      expect(created.status).toBe(201);
      const variable = await api.post(
        admin,
        '/variable/create',
        numericVariable(created.body.data.id, { name: NEW_VARIABLE, isRequired: true, min_value: 0, max_value: 40 }),
      );
      expect(variable.status).toBe(201);
    });

    it('should name the missing variable for every client, and leave them all out of today’s figures', async () => {
      const data = await compare(without);
      expect(data.clients).toHaveLength(12);
      for (const client of data.clients as Compared[]) {
        expect(client.new).toBeNull();
        expect(client.notScorable).toEqual({ reason: `Missing required variable: ${NEW_VARIABLE}`, problems: [MISSING] });
      }
      expect(data.totals).toMatchObject({
        clients: 12,
        scorable: 0,
        noLongerScorable: 12,
        newTotalCreditLimit: null,
        newAvgInterestRate: null,
        scorableThen: null,
        notScorableReasons: [{ ...MISSING, clients: 12 }],
      });
      expect(data.totals.oldTotalCreditLimit).toBe(data.clients.reduce((sum: number, client: Compared) => sum + client.old.creditLimit, 0));
    });

    it('should label the versions in order: the batch’s, then today’s, each with its date', async () => {
      const data = await compare(without);
      expect(data.fromModel.version).toBeLessThan(data.toModel.version);
      expect(data.fromModelVersion).toBe(data.fromModel.version);
      expect(data.toModelVersion).toBe(data.toModel.version);
      expect(data.toModel.version).toBeLessThanOrEqual(api.lastPosition());
      expect(Date.parse(data.fromModel.since)).toBeLessThanOrEqual(Date.parse(data.toModel.since));
      expect(Date.parse(data.toModel.since)).toBeLessThanOrEqual(Date.now());
    });

    it('should total today only the clients today’s model scores, and say how many are left out', async () => {
      const data = await compare(partly);
      const clients = data.clients as (Compared & {
        reference_number: string;
        new: { creditLimit: number; interestRate: number } | null;
      })[];
      const scored = clients.filter((client) => client.new !== null);
      expect(new Set(scored.map((client) => client.reference_number))).toEqual(filled);
      for (const client of clients.filter((client) => client.new === null)) expect(client.notScorable?.problems).toEqual([MISSING]);
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      expect(data.totals).toMatchObject({
        clients: 10,
        scorable: 7,
        noLongerScorable: 3,
        notScorableReasons: [{ ...MISSING, clients: 3 }],
        newTotalCreditLimit: sum(scored.map((client) => client.new!.creditLimit)),
        newAvgInterestRate: Math.round((sum(scored.map((client) => client.new!.interestRate)) / 7) * 100) / 100,
        scorableThen: expect.objectContaining({ totalCreditLimit: sum(scored.map((client) => client.old.creditLimit)) }),
      });
      expect(data.totals.oldTotalCreditLimit).toBe(sum(clients.map((client) => client.old.creditLimit)));
    });

    it('should give the reason in the CSV too', async () => {
      const response = await platform.request(`/api/result/compare?uploadBatchId=${partly}&format=csv`, { headers: bearer(bank.token) });
      expect(response.status).toBe(200);
      const lines = String(response.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0].split(',').at(-1)).toBe('not_scorable_reason');
      expect(lines.filter((line) => line.endsWith(`,Missing required variable: ${NEW_VARIABLE}`))).toHaveLength(3);
    });
  });
});
