import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import { CRISIS_LINES } from '@reflections/contracts/crisis';

const LINES = {
  '988': { href: CRISIS_LINES.lifeline.href, label: '988' },
  '741741': { href: CRISIS_LINES.textLine.href, label: '741741' },
  '911': { href: CRISIS_LINES.emergency.href, label: '911' },
  findahelpline: { href: CRISIS_LINES.worldwide.href, label: CRISIS_LINES.worldwide.label },
} as const;

export type CrisisLine = keyof typeof LINES;

/**
 * A crisis number someone may need tonight: bold, ember and thickly underlined wherever it
 * appears, so it stands out from the text around it on any surface.
 */
export function CrisisLink({ line }: { readonly line: CrisisLine }) {
  return (
    <Link
      href={LINES[line].href}
      {...(LINES[line].href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      sx={{
        color: 'inherit',
        fontWeight: 700,
        textDecorationThickness: '2px',
        textDecorationColor: 'currentColor',
        whiteSpace: 'nowrap',
      }}
    >
      {LINES[line].label}
    </Link>
  );
}

/** The ember-tinted panel that carries crisis numbers, in either colour scheme. */
export const crisisSurface = (theme: Theme) => ({
  bgcolor: theme.alpha(theme.palette.secondary.main, 0.1),
  color: 'text.primary',
  border: '1px solid',
  borderColor: theme.alpha(theme.palette.secondary.main, 0.45),
});
