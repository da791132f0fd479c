import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/** Where to turn right now. Shown wherever the product talks about its limits. */
export function CrisisResources() {
  return (
    <Alert severity="warning" icon={false} sx={{ bgcolor: '#fbeee3', color: 'text.primary', border: '1px solid', borderColor: 'secondary.light' }}>
      <AlertTitle sx={{ fontWeight: 700 }}>If you are in crisis, please reach out now</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        <li>
          In the US, call or text <Link href="tel:988">988</Link> (Suicide &amp; Crisis Lifeline), any time, day or night.
        </li>
        <li>
          Text HOME to <Link href="sms:741741?body=HOME">741741</Link> to reach the Crisis Text Line.
        </li>
        <li>
          In an emergency, call <Link href="tel:911">911</Link> or go to the nearest emergency room. Outside the US, call your
          local emergency number.
        </li>
      </Box>
    </Alert>
  );
}
