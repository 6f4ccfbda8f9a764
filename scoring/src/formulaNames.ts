/*
 * filtrex only notices an unknown name when evaluation reaches it, so a name hidden in an untaken
 * `if` branch would pass a trial evaluation. This scan mirrors filtrex's lexer to list every name
 * and function a formula mentions, and rejects the constructs a numeric formula has no use for.
 */

export const FORMULA_VALUE_NAMES = ['value', 'min_value', 'max_value', 'minValue', 'maxValue'] as const;

export const FORMULA_FUNCTIONS = ['min', 'max', 'abs', 'sqrt', 'log', 'log2', 'log10', 'exp', 'round', 'ceil', 'floor'] as const;

const VALUE_NAMES: ReadonlySet<string> = new Set(FORMULA_VALUE_NAMES);
const FUNCTIONS: ReadonlySet<string> = new Set(FORMULA_FUNCTIONS);

type Token =
  | { readonly kind: 'symbol'; readonly name: string }
  | { readonly kind: 'keyword'; readonly word: string }
  | { readonly kind: 'other'; readonly text: string };

const KEYWORD = /(not\s+in|and|or|not|in|of|if|then|else|mod)(?=[^\w]|$)/y;
const OPERATOR = /==|!=|~=|>=|<=|[*/\-+^(),<>%?:]/y;
const WHITESPACE = /\s+/y;
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?![0-9.])/y;
const SYMBOL = /[a-zA-Z$_][.a-zA-Z0-9$_]*/y;
const QUOTED_SYMBOL = /'(?:\\'|\\\\|[^'\\])*'/y;
const STRING = /"(?:\\"|\\\\|[^"\\])*"/y;

function matchAt(pattern: RegExp, text: string, position: number): string | null {
  pattern.lastIndex = position;
  const match = pattern.exec(text);
  return match === null ? null : match[0];
}

function tokenise(formula: string): Token[] | string {
  const tokens: Token[] = [];
  let position = 0;
  while (position < formula.length) {
    const space = matchAt(WHITESPACE, formula, position);
    if (space !== null) {
      position += space.length;
      continue;
    }
    const keyword = matchAt(KEYWORD, formula, position);
    if (keyword !== null) {
      tokens.push({ kind: 'keyword', word: keyword.split(/\s+/).join(' ') });
      position += keyword.length;
      continue;
    }
    const quoted = matchAt(QUOTED_SYMBOL, formula, position);
    if (quoted !== null) {
      tokens.push({ kind: 'symbol', name: quoted.slice(1, -1).replace(/\\(.)/g, '$1') });
      position += quoted.length;
      continue;
    }
    const text = matchAt(OPERATOR, formula, position) ?? matchAt(NUMBER, formula, position) ?? matchAt(STRING, formula, position);
    if (text !== null) {
      tokens.push({ kind: 'other', text });
      position += text.length;
      continue;
    }
    const symbol = matchAt(SYMBOL, formula, position);
    if (symbol !== null) {
      tokens.push({ kind: 'symbol', name: symbol });
      position += symbol.length;
      continue;
    }
    return `unrecognised text at character ${position + 1}`;
  }
  return tokens;
}

function rejectedConstruct(token: Token): string | null {
  if (token.kind === 'keyword' && token.word === 'of') return 'property access ("of") is not allowed';
  if (token.kind !== 'other') return null;
  if (token.text.startsWith('"')) return 'text values are not allowed in a formula';
  if (token.text === '~=') return 'pattern matching ("~=") is not allowed';
  if (token.text === '%') return 'use "mod" instead of "%"';
  if (token.text === '?' || token.text === ':') return 'use "if … then … else" instead of "? :"';
  return null;
}

/** null when every name and function is allowed, else the reason. */
export function checkFormulaNames(formula: string): string | null {
  const tokens = tokenise(formula);
  if (typeof tokens === 'string') return `Syntax error: ${tokens}`;
  for (const token of tokens) {
    const rejected = rejectedConstruct(token);
    if (rejected !== null) return rejected;
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind !== 'symbol') continue;
    const next = tokens[i + 1];
    const isCall = next !== undefined && next.kind === 'other' && next.text === '(';
    if (isCall && !FUNCTIONS.has(token.name)) {
      return `Unknown function "${token.name}"; allowed: ${FORMULA_FUNCTIONS.join(', ')}`;
    }
    if (!isCall && !VALUE_NAMES.has(token.name)) {
      return `Unknown name "${token.name}"; allowed: ${FORMULA_VALUE_NAMES.join(', ')}`;
    }
  }
  return null;
}
