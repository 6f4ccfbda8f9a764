import type { ClientRecord } from './columns';
import type { Variable } from './modelSnapshot';
import { IDENTITY_HEADERS } from './identityColumns';

export type GeneratedRows = {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
};

export type GeneratorOptions = {
  /** Chance that an optional variable's cell is blank. */
  readonly missingRate?: number;
  /** Chance that a required variable's cell is unreadable, so the record is rejected. */
  readonly invalidRate?: number;
  /** Chance that a number falls up to 10 % outside the variable's range, to exercise clamping. */
  readonly outOfRangeRate?: number;
};

type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ['Amina', 'Jean', 'Fatou', 'Paul', 'Mireille', 'Ibrahim', 'Chantal', 'Samuel', 'Aicha', 'Boris'];
const LAST_NAMES = ['Nkemelu', 'Mbarga', 'Fotso', 'Ndiaye', 'Ekotto', 'Tchoupo', 'Abena', 'Moukoko', 'Bello', 'Kamga'];
const YES_NO: readonly (readonly [string, string])[] = [
  ['yes', 'no'],
  ['Yes', 'No'],
  ['true', 'false'],
  ['1', '0'],
  ['oui', 'non'],
  ['VRAI', 'FAUX'],
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

function numberCell(random: Random, variable: Variable, outOfRangeRate: number): string {
  const { minValue, maxValue } = variable;
  const range = maxValue - minValue;
  const spread = random() < outOfRangeRate ? 0.1 : 0;
  const value = minValue - spread * range + random() * range * (1 + 2 * spread);
  const whole = Number.isInteger(minValue) && Number.isInteger(maxValue) && range >= 100;
  const text = whole ? String(Math.round(value)) : value.toFixed(2);
  const style = random();
  if (style < 0.3 && whole) return text.startsWith('-') ? `-${groupThousands(text.slice(1))}` : groupThousands(text);
  if (style < 0.3) return text.replace('.', ',');
  return text;
}

function variableCell(random: Random, variable: Variable, options: Required<GeneratorOptions>): string {
  if (!variable.isRequired && random() < options.missingRate) return '';
  if (variable.isRequired && random() < options.invalidRate) return 'n/a';
  switch (variable.responseType) {
    case 'int_float':
      return numberCell(random, variable, options.outOfRangeRate);
    case 'boolean': {
      const [yes, no] = pick(random, YES_NO);
      return random() < 0.5 ? yes : no;
    }
    case 'categorical': {
      const names = (variable.categoryMappings ?? []).map((mapping) => mapping.categoryName);
      if (names.length === 0) return '';
      const name = pick(random, names);
      return random() < 0.2 ? name.toUpperCase() : name;
    }
  }
}

/** Deterministic client rows for tests and benchmarks: identity columns, then one per active variable. */
export function generateRows(
  model: { readonly variables: readonly Variable[] },
  count: number,
  seed: number,
  options: GeneratorOptions = {},
): GeneratedRows {
  const settings: Required<GeneratorOptions> = { missingRate: 0.05, invalidRate: 0, outOfRangeRate: 0.05, ...options };
  const variables = model.variables.filter((variable) => variable.isActive).sort((left, right) => left.id - right.id);
  const random = seededRandom(seed);
  const rows: string[][] = [];
  for (let index = 0; index < count; index++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const phone = String(Math.floor(random() * 1e8)).padStart(8, '0');
    const row = [
      `${first} ${last}`,
      `CR-${seed}-${String(index + 1).padStart(7, '0')}`,
      `+2376${phone}`,
      `${first}.${last}.${index + 1}@example.cm`.toLowerCase(),
    ];
    for (const variable of variables) row.push(variableCell(random, variable, settings));
    rows.push(row);
  }
  return { headers: [...IDENTITY_HEADERS, ...variables.map((variable) => variable.name)], rows };
}

/** The same rows as records keyed by header. */
export function generateRecords(
  model: { readonly variables: readonly Variable[] },
  count: number,
  seed: number,
  options: GeneratorOptions = {},
): ClientRecord[] {
  const { headers, rows } = generateRows(model, count, seed, options);
  return rows.map((row) => Object.fromEntries(headers.map((header, column) => [header, row[column]])));
}
