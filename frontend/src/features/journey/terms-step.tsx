import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

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
        <Link href="/terms-disclaimer" target="_blank" rel="noopener" color="secondary.dark">
          terms and disclaimer
          <Typography component="span" sx={visuallyHidden}>
            {' '}
            (opens in a new tab)
          </Typography>
        </Link>{' '}
        before you go on.
      </Typography>
      <Alert role="note" severity="info" icon={false} sx={{ bgcolor: 'rgba(200, 99, 43, 0.08)', color: 'text.primary', border: 1, borderColor: 'rgba(200, 99, 43, 0.35)' }}>
        Reflections and RAI are not therapy or a crisis service. If you are in crisis, text HOME to{' '}
        <Link href="sms:741741?&body=HOME" color="inherit">
          741741
        </Link>{' '}
        to reach the Crisis Text Line, call or text{' '}
        <Link href="tel:988" color="inherit">
          988
        </Link>
        , or call{' '}
        <Link href="tel:911" color="inherit">
          911
        </Link>
        .
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
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
