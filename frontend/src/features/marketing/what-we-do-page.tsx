import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { useHashScroll } from '../../lib/use-hash-scroll';

const BELIEFS = [
  {
    title: 'Strength includes feeling',
    text: 'Naming what is going on is not weakness. It is how you stay in charge of it.',
  },
  {
    title: 'Small and often beats big and rare',
    text: 'Two minutes of breathing today does more than a perfect plan for next month.',
  },
  { title: 'Nobody does this alone', text: 'Men heal in company. The right few people change everything.' },
];

export default function WhatWeDoPage() {
  useHashScroll({ delayMs: 100 });

  return (
    <>
      <PageHero
        eyebrow="What we do"
        title="Tools for the inner work"
        subtitle="Our mission is to help men meet what they feel with the same steadiness they bring to everything else, through breath, reflection, coaching and time together."
      />

      <Section
        id="breathwork"
        eyebrow="01"
        title="Breathwork"
        intro="The SIT method: a simple, paced breathing practice you can do anywhere. It is the fastest way we know to take the edge off stress, and the foundation for everything else."
      >
        <LinkButton to="/breathe" variant="contained">
          Try the SIT method
        </LinkButton>
      </Section>

      <Section
        id="ai-reflections"
        tone="paper"
        eyebrow="02"
        title="AI reflections"
        intro="Guided journaling with RAI, our AI guide. You write what is on your mind; RAI asks the next good question and helps you see patterns over time. RAI is a guide, not a therapist."
      >
        <ButtonRow>
          <LinkButton to="/reflections" variant="contained">
            How reflection works
          </LinkButton>
          <LinkButton to="/connect" variant="outlined">
            The Digital Campfire
          </LinkButton>
        </ButtonRow>
      </Section>

      <Section
        id="coaching"
        eyebrow="03"
        title="Coaching"
        intro="One-to-one sessions with a coach who has walked the road. Honest, practical and focused on what you will do next."
      >
        <LinkButton to="/experience" variant="contained">
          Explore coaching and more
        </LinkButton>
      </Section>

      <Section
        id="workshops-retreats"
        tone="paper"
        eyebrow="04"
        title="Workshops and retreats"
        intro="Three-day retreats for men, and workshops for teams, crews and first responders: the same tools, learned together."
      >
        <ButtonRow>
          <LinkButton to="/retreats" variant="contained">
            About retreats
          </LinkButton>
          <Box>
            <Button variant="outlined" disabled aria-describedby="events-note">
              View Upcoming Events
            </Button>
            <Typography id="events-note" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Event dates will be posted here soon.
            </Typography>
          </Box>
        </ButtonRow>
      </Section>

      <Section eyebrow="What we believe" title="Beliefs">
        <CardGrid>
          {BELIEFS.map((belief) => (
            <InfoCard key={belief.title} title={belief.title}>
              {belief.text}
            </InfoCard>
          ))}
        </CardGrid>
        <ButtonRow spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary">
            Start Your Reflection
          </LinkButton>
          <LinkButton to="/experience" variant="outlined">
            See the experiences
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
