import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The repository's own ESLint config, run on planted code: each rule that guards a convention must
 * catch its violation. The config is required here and passed in, because ESLint's own loading of it
 * is a dynamic import, which jest's CommonJS runtime refuses.
 */
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require(path.join(root, 'eslint.config.js')) });

async function restrictedSyntax(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('lint: no `.data as` outside tests (event payloads are typed from the catalogue)', () => {
  const planted = [
    ['a cast payload', 'export const f = (event: { data: unknown }) => (event.data as { batchId: number }).batchId;\n'],
    ['an optional read cast', 'export const f = (events: { data: unknown }[]) => events[0]?.data as { batchId: number } | undefined;\n'],
    ['a cast to a record', 'export const f = (event: { data: unknown }) => event.data as Record<string, unknown>;\n'],
  ];

  it.each(planted)('reports %s in production code', async (_name, code) => {
    const messages = await restrictedSyntax(code, 'projectors/src/planted.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/No `\.data as`.*domain union/);
  });

  it('reports it in the web app too', async () => {
    const code = 'export const f = (answer: { data: unknown }) => answer.data as string;\n';
    expect(await restrictedSyntax(code, 'web/src/features/planted.ts')).toHaveLength(1);
  });

  it('lets a switch on the type narrow the payload, and leaves tests alone', async () => {
    const typed = [
      "type E = { type: 'A'; data: { a: number } } | { type: 'B'; data: { b: string } };",
      "export const f = (event: E) => { switch (event.type) { case 'A': return event.data.a; case 'B': return event.data.b.length; } };",
      '',
    ].join('\n');
    expect(await restrictedSyntax(typed, 'projectors/src/planted.ts')).toEqual([]);
    const cast = 'export const f = (event: { data: unknown }) => event.data as number;\n';
    expect(await restrictedSyntax(cast, 'projectors/src/planted.unit.spec.ts')).toEqual([]);
    expect(await restrictedSyntax(cast, 'test/model/planted.ts')).toEqual([]);
  });
});

describe("lint: the web app's layers flow one way and features do not import each other (web/lint/layers.cjs)", () => {
  async function layerMessages(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === 'layers/one-way').map((message) => message.message);
  }

  const planted = [
    [
      'a feature importing another',
      'web/src/features/results/Planted.tsx',
      "import { formatNumber } from '../batches/formatNumber';",
      /features\/results may not import features\/batches/,
    ],
    [
      'a nested feature file importing another',
      'web/src/features/admin/model/Planted.tsx',
      "import { rangeOf } from '../../parameters/rangeOf';",
      /features\/admin may not import features\/parameters/,
    ],
    [
      'a lazy import of another feature',
      'web/src/features/workspace/Planted.tsx',
      "export const load = () => import('../results/ResultsTable');",
      /features\/workspace may not import features\/results/,
    ],
    [
      'a re-export of another feature',
      'web/src/features/auth/Planted.ts',
      "export { useBatchesQuery } from '../batches/api';",
      /features\/auth may not import features\/batches/,
    ],
    [
      'shared/ importing a feature',
      'web/src/shared/Planted.tsx',
      "import { BatchJobsList } from '../features/batches/BatchJobsList';",
      /shared\/ may not import features\//,
    ],
    ['shared/ importing app/', 'web/src/shared/Planted.ts', "import { store } from '../app/store';", /shared\/ may not import app\//],
    [
      'api/ importing a feature',
      'web/src/api/Planted.ts',
      "import { resultsApi } from '../features/results/api';",
      /api\/ may not import features\//,
    ],
    ['api/ importing app/', 'web/src/api/Planted.ts', "import { store } from '../app/store';", /api\/ may not import app\//],
    [
      'session/ importing api/',
      'web/src/session/Planted.ts',
      "import { baseApi } from '../api/baseApi';",
      /session\/ may not import api\//,
    ],
    [
      'a feature importing app/',
      'web/src/features/batches/Planted.tsx',
      "import { router } from '../../app/router';",
      /features\/ may not import app\//,
    ],
  ] as const;

  it.each(planted)('reports %s', async (_name, filePath, code, message) => {
    const messages = await layerMessages(`${code}\nexport const planted = 1;\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('lets code import its own feature and the layers below it, and app/ import anything', async () => {
    const allowed = [
      [
        'web/src/features/results/Planted.tsx',
        "import { StatCard } from '../../shared/StatCard';\nimport { baseApi } from '../../api/baseApi';\nimport { useAppSelector } from '../../session/hooks';\nimport { FilterBar } from './FilterBar';",
      ],
      [
        'web/src/features/admin/model/Planted.tsx',
        "import { PageHeader } from '../../../shared/PageHeader';\nimport { useForm } from '../../../shared/useForm';\nimport { institutionsApi } from '../institutions/institutionsApi';",
      ],
      ['web/src/api/Planted.ts', "import { sessionEnded } from '../session/sessionSlice';\nimport { saveBlob } from '../shared/saveBlob';"],
      [
        'web/src/app/routes/Planted.tsx',
        "import { ResultsTable } from '../../features/results/ResultsTable';\nimport { InstitutionValuesForm } from '../../features/admin/parameters/InstitutionValuesForm';",
      ],
      ['web/src/main.ts', "import { startApp } from './app/startApp';"],
    ] as const;
    for (const [filePath, code] of allowed) expect(await layerMessages(`${code}\nexport const planted = 1;\n`, filePath)).toEqual([]);
  });

  it('leaves tests free to compose layers (a test may mount a page with the app store)', async () => {
    expect(
      await layerMessages("import { store } from '../app/store';\nexport const planted = store;\n", 'web/src/api/planted.unit.spec.ts'),
    ).toEqual([]);
  });
});
