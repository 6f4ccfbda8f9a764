import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { settledBatch, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe("A new institution's first file", () => {
  let platform: TestPlatform;
  let bank: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque du Sahel');
  });
  afterAll(async () => platform.close());

  const text = async (path: string) => {
    const response = await platform.request(path, { headers: bearer(bank.token) });
    expect(response.status).toBe(200);
    return String(response.body);
  };

  it('downloads a sample of 20 rows with the template columns that uploads and scores every row', async () => {
    const template = (await text('/api/csv/template')).split('\r\n')[0].split(',');
    const sample = await text('/api/csv/sample');
    const lines = sample.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(21);
    expect([...lines[0].split(',')].sort()).toEqual([...template].sort());
    const response = await upload(platform, bank.token, { name: 'sample.csv', content: sample }, { batchName: 'Sample' });
    expect(response.status).toBe(201);
    expect(response.body.data.processing).toEqual({ totalRecords: 20, acceptedRecords: 20, failedRecords: 0 });
    const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
    expect(batch).toMatchObject({ status: 'completed', processed_records: 20, failed_records: 0 });
  });

  it('gives notes for every template column: required or optional, type, range and allowed values', async () => {
    const template = (await text('/api/csv/template')).split('\r\n')[0].split(',');
    const notes = (await text('/api/csv/template/notes')).split('\r\n').filter((line) => line !== '');
    expect(notes[0]).toBe('column,required,type,range,allowed values,description');
    expect(notes.slice(1).map((line) => line.split(',')[0])).toEqual(template);
    expect(notes).toContainEqual(expect.stringMatching(/^reference_number,required,text,/));
    expect(notes.some((line) => /,number,-?[\d.]+ to -?[\d.]+,/.test(line))).toBe(true);
    expect(notes.some((line) => line.includes(',yes/no,,"yes, no (also oui/non, true/false, 1/0)"'))).toBe(true);
  });
});
