import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

const QUOTES = [
  { text: 'The unexamined life is not worth living.', source: 'Socrates, in Plato’s Apology' },
  { text: 'Knowing others is intelligence; knowing yourself is true wisdom.', source: 'Lao Tzu, Tao Te Ching' },
  { text: 'We suffer more often in imagination than in reality.', source: 'Seneca, Letters to Lucilius' },
];

const QUOTE_STAGGER_MS = 300;

const PARTS = [
  {
    title: 'A short questionnaire',
    text: 'About two minutes of plain questions: how you carry stress, what you are looking for, what you wish others knew. Your answers build an emotional profile.',
  },
  {
    title: 'A five-minute story',
    text: 'Five prompts, one at a time. You write a few lines for each and end up with a short story of where you are right now.',
  },
  {
    title: 'The P.E.A.C.E. framework',
    text: 'Purpose, Ethos, Autonomy, Connection, Enjoyment. Five areas of a man’s life to check in on, a few questions each.',
  },
];

export default function ReflectionPage() {
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="A 2-minute journey"
        title="Create Your Reflection"
        subtitle="A few honest questions that turn into a clear picture of how you are really doing, and a place to start from."
      >
        <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
          Start Your Reflection
        </LinkButton>
        <LinkButton to="/journey" variant="outlined" color="inherit" size="large">
          Begin Journey
        </LinkButton>
      </PageHero>

      <Section
        title="How it works"
        intro="Nothing to prepare and no right answers. RAI, our AI guide, reads along and reflects back what it notices. It is a guide, not a therapist."
      >
        <CardGrid>
          {PARTS.map((part) => (
            <InfoCard key={part.title} title={part.title}>
              {part.text}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>

      <Section tone="forest" eyebrow="Old words, still true" title="Men have always done this" maxWidth="md">
        <Box sx={{ display: 'grid', gap: 4 }}>
          {QUOTES.map((quote, index) => (
            <Box
              component="figure"
              key={quote.text}
              sx={{
                m: 0,
                animation: 'quote-in 900ms ease both',
                animationDelay: `${index * QUOTE_STAGGER_MS}ms`,
                '@keyframes quote-in': { from: { opacity: 0, transform: 'translateY(8px)' } },
              }}
            >
              <Typography component="blockquote" variant="h4" sx={{ m: 0, fontStyle: 'italic', fontWeight: 400 }}>
                “{quote.text}”
              </Typography>
              <Typography component="figcaption" sx={{ mt: 1, opacity: 0.75 }}>
                {quote.source}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section
        title="Ready when you are"
        maxWidth="sm"
        align="center"
        intro="It takes about two minutes. You can stop at any point."
      >
        <ButtonRow center>
          <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
            Start Your Reflection
          </LinkButton>
          <LinkButton to="/journey" variant="outlined" size="large">
            Begin Journey
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
