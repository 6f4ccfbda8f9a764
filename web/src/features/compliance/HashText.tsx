import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The first characters of a SHA-256 hash, the whole one on hover and a button that copies it. */
export function HashText({ hash }: { hash: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (hash === null) return <span>{t('compliance.none')}</span>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}>
      <code title={hash} style={{ fontSize: '0.95em', overflowWrap: 'anywhere' }}>
        {hash.slice(0, 12)}…
      </code>
      <Tooltip title={copied ? t('compliance.copied') : t('compliance.copyHash')}>
        <IconButton
          size="small"
          aria-label={t('compliance.copyHash')}
          onClick={() =>
            void navigator.clipboard?.writeText(hash).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          onBlur={() => setCopied(false)}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </span>
  );
}
