import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '../../../shared/types';
import type { RoleLock } from './roleLock';

type Props = { value: AdminRole; onChange: (role: AdminRole) => void; lockedBy: RoleLock; disabled: boolean };

const ROLES: readonly AdminRole[] = ['administrator', 'auditor'];

/** The account's role, Administrator or Auditor; when it cannot change, disabled with the reason under it. */
export function RoleField({ value, onChange, lockedBy, disabled }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <FormControl disabled={disabled || lockedBy !== null} sx={{ mt: 1 }}>
      <FormLabel id={labelId}>{t('admin.admins.role')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value as AdminRole)}
      >
        {ROLES.map((role) => (
          <FormControlLabel key={role} value={role} control={<Radio />} label={t(`admin.admins.roles.${role}`)} />
        ))}
      </RadioGroup>
      <FormHelperText id={hintId}>
        {lockedBy ? t(`admin.admins.roleLocked.${lockedBy}`) : t(`admin.admins.roleHints.${value}`)}
      </FormHelperText>
    </FormControl>
  );
}
