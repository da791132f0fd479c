import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { HASH_SCROLL_OFFSET_PX } from '../lib/use-hash-scroll';

type SectionProps = {
  readonly id?: string;
  readonly eyebrow?: string;
  readonly title?: string;
  readonly intro?: ReactNode;
  readonly tone?: 'sand' | 'paper' | 'forest';
  readonly maxWidth?: 'sm' | 'md' | 'lg';
  readonly align?: 'left' | 'center';
  readonly children?: ReactNode;
};

const backgrounds = { sand: 'background.default', paper: 'background.paper', forest: 'forest.main' } as const;

/** A titled band of a page; its heading names the region for assistive tech. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = 'sand',
  maxWidth = 'lg',
  align = 'left',
  children,
}: SectionProps) {
  const headingId = useId();
  const forest = tone === 'forest';
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={title ? headingId : undefined}
      sx={{
        bgcolor: backgrounds[tone],
        color: forest ? 'forest.contrastText' : 'text.primary',
        py: { xs: 8, md: 12 },
        scrollMarginTop: HASH_SCROLL_OFFSET_PX,
      }}
    >
      <Container maxWidth={maxWidth} sx={{ textAlign: align }}>
        {eyebrow && (
          <Typography variant="overline" component="p" sx={{ color: forest ? 'forest.accent' : 'text.accent', mb: 1 }}>
            {eyebrow}
          </Typography>
        )}
        {title && (
          <Typography id={headingId} variant="h2" sx={{ mb: intro ? 2 : 5 }}>
            {title}
          </Typography>
        )}
        {intro && (
          <Typography
            variant="subtitle1"
            component="div"
            sx={{
              mb: 6,
              maxWidth: 720,
              mx: align === 'center' ? 'auto' : 0,
              color: forest ? 'inherit' : 'text.secondary',
              opacity: forest ? 0.88 : 1,
            }}
          >
            {intro}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
