import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { ExpandableSection } from '../../components/expandable-section';
import { ExternalLinkButton } from '../../components/external-link-button';
import { LinkButton } from '../../components/link-button';
import { OfferingCard, type Offering } from '../../components/offering-card';
import { Section } from '../../components/section';
import { BOOKING_URL } from '../../lib/external-links';

const OFFERINGS: readonly Offering[] = [
  {
    title: 'Breathe',
    text: 'The SIT method: a few minutes of paced breathing that slows a racing mind and brings you back into your body.',
    to: '/breathe',
    cta: 'Try a breath',
  },
  {
    title: 'Reflect',
    text: 'Write what is actually going on. RAI, our AI guide, asks the next good question. It listens; it is not a therapist.',
    to: '/reflections',
    cta: 'See how reflection works',
  },
  {
    title: 'Connect',
    text: 'The Digital Campfire: small councils of men who meet monthly and say the things they usually keep to themselves.',
    to: '/connect',
    cta: 'Find the campfire',
  },
  {
    title: 'Retreats',
    text: 'Three days away from the noise. Breathwork, straight talk, time outside and men who leave as friends.',
    to: '/retreats',
    cta: 'Explore retreats',
  },
];

const FACTS = [
  'In the US, men die by suicide at close to four times the rate of women (CDC).',
  'Men are less likely than women to talk to anyone, professional or not, about how they are doing.',
  'Slow breathing, with the out-breath longer than the in-breath, calms the body’s stress response within minutes.',
  'Putting feelings into words, even privately on a page, has been studied for decades as a way to ease stress.',
  'Close, honest friendships are among the strongest protections we know of against loneliness and the toll it takes on health.',
];

/** Everything of the home page below the hero: loaded as the page renders, behind the splash. */
export default function HomeSections() {
  return (
    <>
      <Section eyebrow="Welcome" title="You don’t have to carry it quietly" maxWidth="md" align="center">
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
          Most men we know are good at holding it together. Work, family, the bills, the news, the thing nobody asks
          about. Reflections is a place to set it down for a moment: to breathe, to be honest with yourself, and to find
          out you are not the only one.
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          Our mission is simple: give men practical tools and real company for the inner work, without the jargon and
          without pretending it is easy.
        </Typography>
      </Section>

      <Section
        tone="paper"
        eyebrow="What we offer"
        title="Four ways in"
        intro="Start wherever feels right. None of it asks you to be anyone other than who you are today."
      >
        <CardGrid columns={4}>
          {OFFERINGS.map((offering) => (
            <OfferingCard key={offering.to} offering={offering} />
          ))}
        </CardGrid>
      </Section>

      <Section eyebrow="Where this comes from" title="Our Story" maxWidth="md">
        <ExpandableSection title="Two brothers, one hard year" summary="Why we built Reflections.">
          <Typography sx={{ mb: 2 }}>
            We are brothers. We grew up in a house where you handled things yourself, and we were good at it, until we
            weren’t. One of us burned out in a job he was proud of. The other lost a close friend who, it turned out,
            had been struggling for years without telling anyone.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            What helped was not one big fix. It was small things done often: learning to breathe when the chest got
            tight, writing down what we would not say out loud, and sitting around a fire with a few men who were honest
            with us.
          </Typography>
          <Typography sx={{ mb: 3 }}>
            Reflections is those small things, made easy to reach. We built it for the men we were that year, and for
            the friend we wish had found it.
          </Typography>
          <ExternalLinkButton href={BOOKING_URL} variant="outlined">
            Book a Call
          </ExternalLinkButton>
        </ExpandableSection>
      </Section>

      <Section tone="forest" eyebrow="Worth knowing" title="Facts" maxWidth="md">
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 2 }}>
          {FACTS.map((fact) => (
            <Typography component="li" key={fact} sx={{ opacity: 0.92 }}>
              {fact}
            </Typography>
          ))}
        </Box>
      </Section>

      <Section
        title="Ready to Begin?"
        maxWidth="sm"
        align="center"
        intro="Your first reflection takes about two minutes. Just you and a few honest questions."
      >
        <ButtonRow center>
          <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
            Start Your Reflection
          </LinkButton>
          <ExternalLinkButton href={BOOKING_URL} variant="outlined" size="large">
            Book a Discovery Call
          </ExternalLinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
