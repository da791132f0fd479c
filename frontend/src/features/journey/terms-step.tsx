import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CrisisLink, crisisSurface } from '../../components/crisis-link';

type TermsStepProps = {
  readonly accepted: boolean;
  readonly onChange: (accepted: boolean) => void;
};

/** Step 19: consent, and an honest word on what this is not, with the numbers that help right now. */
export function TermsStep({ accepted, onChange }: TermsStepProps) {
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Please read the{' '}
        <Link href="/terms-disclaimer" target="_blank" rel="noopener" color="text.accent">
          terms and disclaimer
          <Typography component="span" sx={visuallyHidden}>
            {' '}
            (opens in a new tab)
          </Typography>
        </Link>{' '}
        before you go on.
      </Typography>
      <Alert role="note" severity="info" icon={false} sx={crisisSurface}>
        Reflections and RAI are not therapy or a crisis service. If you are in crisis, text HOME to{' '}
        <CrisisLink line="741741" /> to reach the Crisis Text Line, call or text <CrisisLink line="988" />, or call{' '}
        <CrisisLink line="911" />.
      </Alert>
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(event) => onChange(event.target.checked)} />}
        label="I have read and accept the terms and disclaimer"
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
      />
    </Stack>
  );
}

// In sx a bare 1 means 100%, hence the units.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
