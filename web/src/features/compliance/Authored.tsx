import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatting';
import type { Authorship } from './complianceApi';

/** Who recorded an event, as which role, when, and at which position. */
export function Authored({ by }: { by: Authorship }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {t('compliance.authored', {
        name: by.actor.name,
        role: t(`compliance.roles.${by.actor.role}`, { defaultValue: by.actor.role }),
        when: formatDate(by.recordedAt, i18n.language, 'dateTime'),
        position: by.position,
      })}
    </>
  );
}
