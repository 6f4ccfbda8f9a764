import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTH } from '../../shared/formRules';

type Props = { password: string };

/** The four rules the reset screen lists, each ticked as the new password meets it. */
export function PasswordRules({ password }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 1, mb: 1 }}>
      <Typography variant="body2" id="password-rules-title" sx={{ fontWeight: 600 }}>
        {t('reset.rulesTitle')}
      </Typography>
      <Box component="ul" aria-labelledby="password-rules-title" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {PASSWORD_STRENGTH.map((rule) => {
          const met = rule.pattern.test(password);
          return (
            <Box component="li" key={rule.label} sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
              {met ? (
                <CheckCircle fontSize="small" sx={{ color: 'success.main' }} aria-hidden="true" />
              ) : (
                <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
              )}
              <Typography variant="body2" sx={{ color: met ? 'success.main' : 'text.secondary' }}>
                {t(rule.label)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${met ? t('reset.ruleMet') : t('reset.ruleNotMet')})`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
