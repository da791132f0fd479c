import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RAI_IS_AN_AI } from '@reflections/contracts/crisis';
import { CrisisLink, crisisSurface } from './crisis-link';
import { CrisisProtocolLink } from './crisis-protocol-link';

/** Where to turn right now. Shown wherever the product talks about its limits; above RAI's words it also says that RAI is an AI. */
export function CrisisResources({ fromRai = false }: { readonly fromRai?: boolean }) {
  return (
    <Alert severity="warning" icon={false} sx={crisisSurface}>
      <AlertTitle sx={{ fontWeight: 700 }}>If you are in crisis, please reach out now</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        <li>
          In the US, call or text <CrisisLink line="988" /> (Suicide &amp; Crisis Lifeline), any time, day or night.
        </li>
        <li>
          Text HOME to <CrisisLink line="741741" /> to reach the Crisis Text Line.
        </li>
        <li>
          Outside the US, <CrisisLink line="findahelpline" /> lists free, confidential lines in your country.
        </li>
        <li>
          In an emergency, call <CrisisLink line="911" /> or go to the nearest emergency room. Outside the US, call your
          local emergency number.
        </li>
      </Box>
      {fromRai && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {RAI_IS_AN_AI} <CrisisProtocolLink />.
        </Typography>
      )}
    </Alert>
  );
}
