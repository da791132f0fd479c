import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { visuallyHidden } from '../lib/visually-hidden';

type ExternalLinkButtonProps = { readonly href: string; readonly children: string } & Omit<
  ButtonProps<'a'>,
  'href' | 'children'
>;

/** A link to another site: opens in a new tab and says so to screen readers. */
export function ExternalLinkButton({ href, children, ...button }: ExternalLinkButtonProps) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon fontSize="small" />}
      {...button}
    >
      {children}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Button>
  );
}
