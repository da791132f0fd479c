import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeroProps = {
  readonly eyebrow?: string;
  readonly title: string;
  readonly subtitle?: ReactNode;
  /** Dark heroes run under the transparent site bar (the route's handle says so). */
  readonly tone?: 'dark' | 'light';
  /** Calls to action under the subtitle. */
  readonly children?: ReactNode;
  /** Replaces the calm gradient, e.g. a looping video. */
  readonly background?: ReactNode;
  readonly minHeight?: string | Record<string, string>;
};

export const darkGradient =
  'radial-gradient(ellipse at 20% 10%, rgba(200, 99, 43, 0.28), transparent 55%), radial-gradient(ellipse at 85% 90%, rgba(79, 107, 85, 0.5), transparent 60%), linear-gradient(160deg, #1f3a2e 0%, #12241c 100%)';

export function PageHero({ eyebrow, title, subtitle, tone = 'light', children, background, minHeight }: PageHeroProps) {
  const dark = tone === 'dark';
  return (
    <Box
      component="header"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        color: dark ? 'forest.contrastText' : 'text.primary',
        background: dark
          ? darkGradient
          : `linear-gradient(180deg, ${theme.palette.background.paper} 0%, ${theme.palette.background.default} 100%)`,
        pt: dark ? { xs: 16, md: 20 } : { xs: 8, md: 12 },
        pb: dark ? { xs: 8, md: 12 } : { xs: 2, md: 4 },
        minHeight: minHeight ?? (dark ? { xs: '70vh', md: '75vh' } : 'auto'),
        display: 'flex',
        alignItems: 'center',
      })}
    >
      {background}
      <Container maxWidth="md" sx={{ position: 'relative', textAlign: 'center' }}>
        {eyebrow && (
          <Typography variant="overline" component="p" sx={{ color: dark ? 'forest.accent' : 'text.accent', mb: 1.5 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h1" sx={{ mb: subtitle ? 3 : 0 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography
            variant="subtitle1"
            component="div"
            sx={{ opacity: dark ? 0.88 : 1, color: dark ? 'inherit' : 'text.secondary', maxWidth: 680, mx: 'auto' }}
          >
            {subtitle}
          </Typography>
        )}
        {children && (
          <Box sx={{ mt: 5, display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>{children}</Box>
        )}
      </Container>
    </Box>
  );
}
