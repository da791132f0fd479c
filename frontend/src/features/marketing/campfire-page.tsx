import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BackgroundVideo } from '../../components/background-video';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { ExpandableSection } from '../../components/expandable-section';
import { ExternalLinkButton } from '../../components/external-link-button';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { BOOKING_URL } from '../../lib/external-links';

const FLOW = [
  { title: 'Reflect', text: 'Take your first reflection. About two minutes, and it builds your emotional profile.' },
  { title: 'Enter', text: 'The campfire opens: the feed, the community and the daily practices.' },
  { title: 'Join a Council', text: 'If you want more, join a Small Council: 6-10 men who meet monthly.' },
];

const OBJECTIVES = [
  { title: 'Clarity', text: 'Know what you are actually feeling, and why.' },
  { title: 'Connection', text: 'A few men who know the real version of you.' },
  { title: 'Consistency', text: 'Small practices, done often, that hold when life gets loud.' },
  { title: 'Capacity', text: 'More room to carry pressure without it spilling onto the people you love.' },
  { title: 'Choice', text: 'A pause between what happens and what you do about it.' },
];

export default function CampfirePage() {
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="The Digital Campfire"
        title="Pull up a chair"
        subtitle="An online circle of men talking honestly about what they carry. No performance, no fixing each other. Just the fire and the truth."
        background={<BackgroundVideo clip="campfire" />}
        minHeight={{ xs: '85vh', md: '90vh' }}
      >
        <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
          Enter the Campfire
        </LinkButton>
      </PageHero>

      <Section eyebrow="How you get in" title="Start with one reflection" maxWidth="md">
        <Typography variant="subtitle1" color="text.secondary">
          The campfire opens once you have completed your first reflection. It is short, and it means everyone around
          the fire has done the same small, honest thing. After that, the feed, the community, the option to join a
          Council and the daily practices are yours.
        </Typography>
      </Section>

      <Section tone="paper" eyebrow="A simple flow" title="Three steps">
        <CardGrid>
          {FLOW.map((step, index) => (
            <InfoCard key={step.title} label={`Step ${index + 1}`} title={step.title}>
              {step.text}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>

      <Section eyebrow="What it is for" title="Objectives">
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {OBJECTIVES.map((objective) => (
            <InfoCard key={objective.title} title={objective.title}>
              {objective.text}
            </InfoCard>
          ))}
        </Box>
      </Section>

      <Section tone="paper" maxWidth="md">
        <ExpandableSection title="Why it works" summary="Men open up side by side, not face to face.">
          <Typography sx={{ mb: 2 }}>
            Most men don’t talk in therapy-speak, and they don’t need to. What helps is a small group, a regular rhythm
            and someone going first. Around a fire, people look at the flames, not at each other, and the hard things
            get easier to say.
          </Typography>
          <Typography>
            Councils stay small, 6-10 men, and meet monthly, so you get to know each other and nobody disappears into a
            crowd.
          </Typography>
        </ExpandableSection>
        <ExpandableSection title="How it all connects" summary="Your profile, your Council and RAI work together.">
          <Typography sx={{ mb: 2 }}>
            <strong>Your emotional profile</strong> comes from your first reflection. It helps match you with men whose
            experience sounds like yours.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            <strong>Your Council</strong> is where you show up as yourself, once a month, with the same faces.
          </Typography>
          <Typography>
            <strong>RAI</strong>, our AI guide, is there between meetings for journaling and check-ins. RAI is not a
            therapist; it helps you put things into words so you can bring them to the fire.
          </Typography>
        </ExpandableSection>
      </Section>

      <Section
        title="The fire is lit"
        maxWidth="sm"
        align="center"
        intro="Your first reflection takes about two minutes."
      >
        <ButtonRow center>
          <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
            Start Your First Reflection
          </LinkButton>
          <ExternalLinkButton href={BOOKING_URL} variant="outlined" size="large">
            Schedule a Call
          </ExternalLinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
