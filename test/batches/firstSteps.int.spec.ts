import { allProjections, resetProjection, waitForCheckpoints } from '@credit/projectors';
import { institutionParametersStream, templateDownloadsStream } from '@credit/events';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const MAX_LIMIT = 2;
type Step = { step: string; done: boolean; doneAt: string | null };

describe('The first-day checklist', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  let other: TestInstitution;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Caisse des Premiers Pas');
    other = await approvedInstitution(platform, admin, 'Banque Voisine');
  });
  afterAll(async () => platform.close());

  /** The steps ticked, by name; asked with no X-Min-Position, as a page on another tab would. */
  const ticked = async (token: string, query = '') => {
    const response = await platform.request(`/api/institution/first-steps${query}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    const steps = response.body.data.steps as Step[];
    expect(steps.map((step) => step.step)).toEqual(['parametersReviewed', 'templateDownloaded', 'firstBatchScored']);
    for (const step of steps) expect(step.doneAt === null).toBe(!step.done);
    return { done: steps.filter((step) => step.done).map((step) => step.step), complete: response.body.data.complete as boolean };
  };
  const get = (token: string, path: string) => platform.request(path, { headers: bearer(token) });
  const saveParameters = async (institution: TestInstitution, maxLimit: number) => {
    const response = await platform.request('/api/institution/setParameters', {
      method: 'POST',
      headers: bearer(institution.token),
      json: { parameters: [{ parameterId: MAX_LIMIT, value: maxLimit }] },
    });
    expect(response.status).toBe(200);
  };
  const scoreABatch = async (institution: TestInstitution) => {
    const { headers, rows } = starterRows(5, 11);
    const sent = await upload(platform, institution.token, { name: 'first.csv', content: csvOf(headers, rows) });
    expect(sent.status).toBe(201);
    expect((await settledBatch(platform, institution.token, sent.body.data.batch.id, sent.body.position)).status).toBe('completed');
  };

  it('should tick nothing for a newly approved institution', async () => {
    expect(await ticked(bank.token)).toEqual({ done: [], complete: false });
  });

  it('should keep each institution to its own steps: another doing all three ticks none of ours', async () => {
    await saveParameters(other, 7_000_000);
    expect((await get(other.token, '/api/csv/sample')).status).toBe(200);
    await scoreABatch(other);
    expect(await ticked(other.token)).toEqual({ done: ['parametersReviewed', 'templateDownloaded', 'firstBatchScored'], complete: true });
    expect(await ticked(bank.token)).toEqual({ done: [], complete: false });
  });

  it('should tick the parameters once they are saved', async () => {
    await saveParameters(bank, 6_000_000);
    expect(await ticked(bank.token)).toEqual({ done: ['parametersReviewed'], complete: false });
  });

  it('should not take the upload page’s column check, or an administrator’s download, for the institution’s', async () => {
    expect((await get(bank.token, '/api/csv/template?purpose=check')).status).toBe(200);
    expect((await get(admin, '/api/csv/template')).status).toBe(200);
    expect(await ticked(bank.token)).toEqual({ done: ['parametersReviewed'], complete: false });
    expect(await platform.store.readStream(templateDownloadsStream(bank.id))).toEqual([]);
  });

  it('should tick the template once downloaded, recording the first download only', async () => {
    const template = await get(bank.token, '/api/csv/template');
    expect(template.status).toBe(200);
    expect(await ticked(bank.token)).toEqual({ done: ['parametersReviewed', 'templateDownloaded'], complete: false });
    expect((await get(bank.token, '/api/csv/sample')).status).toBe(200);
    expect((await get(bank.token, '/api/csv/template')).status).toBe(200);
    const recorded = await platform.store.readStream(templateDownloadsStream(bank.id));
    expect(recorded.map((event) => [event.type, event.data])).toEqual([
      ['TemplateDownloaded', { institutionId: bank.id, file: 'template', format: 'csv' }],
    ]);
    const audit = await get(bank.token, '/api/institution/dashboard');
    expect(audit.body.data.recentActivity).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'view', description: 'Downloaded the upload template (csv)' })]),
    );
  });

  it('should tick the first batch once one is scored, and be complete', async () => {
    await scoreABatch(bank);
    expect(await ticked(bank.token)).toEqual({ done: ['parametersReviewed', 'templateDownloaded', 'firstBatchScored'], complete: true });
  });

  it('should not take a save that kept the parameters for a new model version: the batch still compares with its own', async () => {
    const [batch] = await platform.knex('batches').where({ institution_id: bank.id }).select('id');
    await saveParameters(bank, 6_000_000);
    const recorded = await platform.store.readStream(institutionParametersStream(bank.id));
    expect(recorded.map((event) => event.type)).toEqual(['InstitutionParametersSet', 'InstitutionParametersConfirmed']);
    const response = await platform.request(`/api/result/compare?uploadBatchId=${batch.id}&limit=1000`, {
      headers: { ...bearer(bank.token), 'X-Min-Position': String(recorded[1].position) },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.toModelVersion).toBe(response.body.data.fromModelVersion);
    expect(response.body.data.toModel.since).toBe(recorded[0].metadata.occurredAt);
  });

  it('should tick the parameters for a newcomer who saves the defaults unchanged, and for no other institution', async () => {
    const careful = await approvedInstitution(platform, admin, 'Caisse Attentive');
    const neighbour = await approvedInstitution(platform, admin, 'Caisse d’à Côté');
    const parametersStep = async (token: string) => {
      const response = await get(token, '/api/institution/first-steps');
      return (response.body.data.steps as Step[]).find((step) => step.step === 'parametersReviewed')!;
    };
    const defaults = await get(careful.token, '/api/institution/getParameters');
    const kept = (defaults.body.data as { parameterId: number; value: number }[]).map(({ parameterId, value }) => ({ parameterId, value }));
    const confirm = async () => {
      const response = await platform.request('/api/institution/setParameters', {
        method: 'POST',
        headers: bearer(careful.token),
        json: { parameters: kept },
      });
      expect([response.status, response.body.message]).toEqual([200, 'Parameters saved successfully']);
    };

    await confirm();
    expect(await ticked(careful.token)).toEqual({ done: ['parametersReviewed'], complete: false });
    expect(await ticked(neighbour.token)).toEqual({ done: [], complete: false });
    expect((await platform.store.readStream(institutionParametersStream(careful.id))).map((event) => event.type)).toEqual([
      'InstitutionParametersConfirmed',
    ]);
    expect(await platform.knex('institution_parameter_history').where({ institution_id: careful.id })).toEqual([]);

    // The step's date is the first review's: a later change or confirmation does not move it.
    const first = await parametersStep(careful.token);
    await saveParameters(careful, 6_000_000);
    await saveParameters(careful, 6_000_000);
    expect(await parametersStep(careful.token)).toEqual(first);
    // A change first, a confirmation later: the change's date (the earliest of either).
    await saveParameters(neighbour, 6_500_000);
    await saveParameters(neighbour, 6_500_000);
    expect((await platform.store.readStream(institutionParametersStream(neighbour.id))).map((event) => event.type)).toEqual([
      'InstitutionParametersSet',
      'InstitutionParametersConfirmed',
    ]);
    const changed = await parametersStep(neighbour.token);
    const stored = await platform.knex('institution_parameter_history').where({ institution_id: neighbour.id }).first('changed_at');
    expect(changed).toEqual({ step: 'parametersReviewed', done: true, doneAt: new Date(stored.changed_at).toISOString() });
  });

  it('should let an administrator read an institution’s checklist, and nobody without a session', async () => {
    expect(await ticked(admin, `?institutionId=${bank.id}`)).toEqual({
      done: ['parametersReviewed', 'templateDownloaded', 'firstBatchScored'],
      complete: true,
    });
    expect((await get(admin, '/api/institution/first-steps')).status).toBe(404);
    expect((await platform.request('/api/institution/first-steps')).status).toBe(401);
  });

  it('should rebuild the template downloads to the same rows', async () => {
    const rows = () => platform.knex('template_downloads').orderBy('institution_id').select();
    const before = await rows();
    expect(before.map((row) => [row.institution_id, row.file])).toEqual(
      [
        [bank.id, 'template'],
        [other.id, 'sample'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const projection = allProjections(platform.store).find((candidate) => candidate.name === 'template-downloads')!;
    await resetProjection(platform.knex, projection);
    await waitForCheckpoints(platform.knex, [projection.name], (await platform.store.head()).position, 30_000);
    expect(await rows()).toEqual(before);
  });

  it('should rebuild the parameter confirmations to the same rows', async () => {
    const rows = () => platform.knex('institution_parameter_confirmations').orderBy('institution_id').select();
    const before = await rows();
    expect(before.map((row) => row.institution_id)).toHaveLength(3);
    for (const row of before) expect(row).toMatchObject({ actor_role: 'institution' });
    const projection = allProjections(platform.store).find((candidate) => candidate.name === 'institution-parameters')!;
    await resetProjection(platform.knex, projection);
    await waitForCheckpoints(platform.knex, [projection.name], (await platform.store.head()).position, 30_000);
    expect(await rows()).toEqual(before);
  });
});
