import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';

type Props = { label: string; hint: string; checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };

/** One on/off property of a variable or a parameter (required, active, masked…), with a line saying what it does. */
export function PropertySwitch({ label, hint, checked, disabled, onChange }: Props) {
  const hintId = useId();
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 6 }}>
        {hint}
      </FormHelperText>
    </div>
  );
}
