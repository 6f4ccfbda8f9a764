import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { signInAsAdmin, approvedInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const cli = (databaseUrl: string, ...args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../../src/cli/projections.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });

describe('npm run projections -- rebuild', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    await approvedInstitution(platform, admin, 'Rebuilt Bank');
  });
  afterAll(async () => platform.close());

  it('should rebuild a projection beside the running platform with identical rows', async () => {
    const rows = () => platform.knex('institutions').orderBy('id').select();
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const result = await cli(platform.databaseUrl, 'rebuild', 'identity');
    expect(result.output).toContain('Rebuilt identity');
    expect(result.code).toBe(0);
    expect(await rows()).toEqual(before);
  });

  it('should refuse an unknown projection name and list the known ones', async () => {
    const result = await cli(platform.databaseUrl, 'rebuild', 'nonsense');
    expect(result.code).toBe(2);
    expect(result.output).toContain('identity');
    const list = await cli(platform.databaseUrl, 'list');
    expect(list.output.split('\n')).toEqual(expect.arrayContaining(['identity', 'audit', 'scoring']));
  });
});
