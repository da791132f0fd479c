import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BackgroundVideo } from '../../components/background-video';
import { ButtonRow } from '../../components/button-row';
import { LinkButton } from '../../components/link-button';
import { darkGradient } from '../../components/page-hero';
import { TypedText } from '../../components/typed-text';

const HEADLINE = 'For The Moments Between The Noise';

/** Full-height hero: a quiet looping video over a calm gradient, and the typed headline. */
export function HomeHero() {
  // docs/product.md#public-pages: 80 ms per character, 60 ms under 768 px.
  const narrow = useMediaQuery('(max-width: 767.95px)');

  return (
    <Box
      component="header"
      sx={{
        position: 'relative',
        minHeight: '100svh',
        display: 'flex',
        alignItems: 'center',
        overflow: 'hidden',
        color: 'forest.contrastText',
        background: darkGradient,
      }}
    >
      <BackgroundVideo clip="home-hero" />
      <Container maxWidth="md" sx={{ position: 'relative', textAlign: 'center', py: 16 }}>
        <TypedText
          text={HEADLINE}
          msPerChar={narrow ? 60 : 80}
          startDelayMs={300}
          caret
          variant="h1"
          component="h1"
          sx={{ mb: 3 }}
        />
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ opacity: 0.9, maxWidth: 600, mx: 'auto', fontSize: { md: '1.3rem' } }}
        >
          Breathwork, honest reflection and a circle of men who get it. A few quiet minutes that make the rest of the
          day easier to carry.
        </Typography>
        <ButtonRow center spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
            Start Your Reflection
          </LinkButton>
          <LinkButton to="/experience" variant="outlined" color="inherit" size="large" sx={{ letterSpacing: '0.15em' }}>
            EXPERIENCE
          </LinkButton>
        </ButtonRow>
      </Container>
    </Box>
  );
}
