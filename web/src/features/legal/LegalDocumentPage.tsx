import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatting';
import { LEGAL_UPDATED, type LegalDocument } from './content/legalContent';
import { LegalLayout } from './LegalLayout';

/** A long legal text: its title and summary, when it last changed, then its sections. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  return (
    <LegalLayout title={document.title} summary={document.summary}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('legal.updated', { date: formatDate(LEGAL_UPDATED, i18n.language) })}
      </Typography>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <Typography variant="h2" component="h2">
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <Typography key={item} component="li">
                  {item}
                </Typography>
              ))}
            </ul>
          )}
        </section>
      ))}
    </LegalLayout>
  );
}
