import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { CrisisLink } from '../../components/crisis-link';

/** docs/product.md#public-pages caps this list at five. */
const FIVE_REFLECTIONS = [
  'What am I carrying today that nobody else can see?',
  'When did I last feel like myself, and what was different?',
  'What am I angry about, and what is underneath the anger?',
  'Who would I call at 2 a.m., and when did I last talk to him?',
  'What would I tell a friend who was living my week?',
];

const HOW = [
  { title: 'Write', text: 'A few lines about what is on your mind. Messy is fine. Nobody is grading it.' },
  {
    title: 'RAI responds',
    text: 'Our AI guide reflects back what it hears and asks one good question. It is a guide, not a therapist.',
  },
  {
    title: 'See the pattern',
    text: 'Over time your reflections show what drains you, what steadies you and what is changing.',
  },
];

export default function ReflectionsPage() {
  return (
    <>
      <PageHero
        eyebrow="Reflect"
        title="Put it into words"
        subtitle="Guided journaling for men who don’t journal. A few minutes, a few honest lines, and a bit more room in your head afterwards."
      />
      <Section title="How reflection works">
        <CardGrid>
          {HOW.map((step, index) => (
            <InfoCard key={step.title} label={`Step ${index + 1}`} title={step.title}>
              {step.text}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
      <Section
        tone="paper"
        title="Five reflections to start with"
        intro="Pick one. Give it five minutes. See what comes up."
        maxWidth="md"
      >
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 2 }}>
          {FIVE_REFLECTIONS.map((prompt) => (
            <Typography component="li" variant="h6" key={prompt} sx={{ fontWeight: 500 }}>
              {prompt}
            </Typography>
          ))}
        </Box>
        <ButtonRow spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary">
            Start Your Reflection
          </LinkButton>
          <LinkButton to="/reflect" variant="outlined">
            What the first reflection involves
          </LinkButton>
        </ButtonRow>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          If writing brings up more than you can hold, please reach out. In the US you can call or text{' '}
          <CrisisLink line="988" /> at any time.
        </Typography>
      </Section>
    </>
  );
}
