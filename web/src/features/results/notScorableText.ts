import type { TFunction } from 'i18next';
import { formatList } from '../../shared/formatting';
import type { NotScorableProblem } from './api';

/**
 * Why today's model does not score a client, in the page's language: the missing required variables,
 * then those whose value it cannot read, each group as one sentence with its names listed.
 */
export function notScorableText(problems: readonly NotScorableProblem[], t: TFunction, language: string): string {
  const namesOf = (code: NotScorableProblem['code']) =>
    problems.filter((problem) => problem.code === code).map((problem) => problem.variable);
  const sentences: string[] = [];
  const missing = namesOf('missing_required_variable');
  if (missing.length) sentences.push(t('results.notScorableMissing', { count: missing.length, names: formatList(missing, language) }));
  const invalid = namesOf('invalid_required_variable');
  if (invalid.length) sentences.push(t('results.notScorableInvalid', { count: invalid.length, names: formatList(invalid, language) }));
  return sentences.join(' · ');
}
