import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatting';
import type { ModelVersion } from './api';

/**
 * How a version of the model and parameters is named on every page (the compare, client details):
 * its number and the date of the change that made it, "v32 (12 Nov 2026)", or the starter model's.
 */
export function useVersionLabel(): (model: ModelVersion) => string {
  const { t, i18n } = useTranslation();
  return ({ version, since }) =>
    since
      ? t('results.compareVersion', { version, date: formatDate(since, i18n.language) })
      : t('results.compareVersionStarter', { version });
}
