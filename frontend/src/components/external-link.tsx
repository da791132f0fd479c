import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '../lib/visually-hidden';

/** A text link to another site: opens in a new tab and says so to screen readers. */
export function ExternalLink({ href, children }: { readonly href: string; readonly children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}
