import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonRow } from '../../components/button-row';
import { ExpandableSection } from '../../components/expandable-section';
import { ExternalLinkButton } from '../../components/external-link-button';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { BOOKING_URL } from '../../lib/external-links';
import { useHashScroll } from '../../lib/use-hash-scroll';

type ExperienceKey = 'retreats' | 'coaching' | 'workshops' | 'youth-programs';

const EXPERIENCES: readonly {
  readonly key: ExperienceKey;
  readonly title: string;
  readonly summary: string;
  readonly body: string;
  readonly more: string;
}[] = [
  {
    key: 'retreats',
    title: 'Retreats',
    summary: 'Three days away from the noise.',
    more: '/retreats',
    body: 'Three days somewhere quiet with a small group of men. Morning breathwork, long walks, honest conversations around the fire, and enough silence to hear yourself again. Phones stay in a drawer. You leave with a practice you can keep and a few men you can call.',
  },
  {
    key: 'coaching',
    title: 'Coaching',
    summary: 'One-to-one time with someone in your corner.',
    more: '/coaching',
    body: 'Regular sessions with a coach who has done the work himself. You bring what is real: the job, the marriage, the anger, the flatness. Together you turn it into next steps you can actually take. Coaching is not therapy; if you need clinical support we will help you find it.',
  },
  {
    key: 'workshops',
    title: 'Workshops',
    summary: 'For teams, crews and first responders.',
    more: '/workshops',
    body: 'Practical sessions of one to two hours, or a full day for new hires, that give a team shared language and tools for stress: breathwork they can use on shift, and a way to check on each other that does not feel forced.',
  },
  {
    key: 'youth-programs',
    title: 'Youth Programs',
    summary: 'Helping young men find their footing.',
    more: '/youth-programs',
    body: 'Programs for teenage boys and young men, run with schools and community groups. Breathing, naming feelings without embarrassment, and mentors who show that strength and honesty belong together.',
  },
];

const KEYS = EXPERIENCES.map((experience) => experience.key);
const HASH_DELAY_MS = 300;

export default function ExperiencePage() {
  const { hash } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<ExperienceKey>>(() => new Set());

  useEffect(() => {
    const key = KEYS.find((candidate) => `#${candidate}` === hash);
    if (key) setOpen((current) => new Set(current).add(key));
  }, [hash]);
  useHashScroll({ delayMs: HASH_DELAY_MS, targets: KEYS });

  const toggle = (key: ExperienceKey, expanded: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="In person"
        title="Experience"
        subtitle="Some things are better done in a room, on a trail or around a fire. Here is how we work with men face to face."
      />
      <Section maxWidth="md">
        {EXPERIENCES.map((experience) => (
          <ExpandableSection
            key={experience.key}
            id={experience.key}
            title={experience.title}
            summary={experience.summary}
            expanded={open.has(experience.key)}
            onChange={(expanded) => toggle(experience.key, expanded)}
          >
            <Typography sx={{ mb: 3 }}>{experience.body}</Typography>
            <LinkButton to={experience.more} variant="outlined">
              More about {experience.title.toLowerCase()}
            </LinkButton>
          </ExpandableSection>
        ))}
      </Section>
      <Section
        tone="paper"
        title="Not sure where to start?"
        maxWidth="sm"
        align="center"
        intro="Book a short call and we will talk it through, or begin with a two-minute reflection online."
      >
        <ButtonRow center>
          <ExternalLinkButton href={BOOKING_URL} variant="contained" color="secondary" size="large">
            Book a Call
          </ExternalLinkButton>
          <LinkButton to="/pre-journey" variant="outlined" size="large">
            Start Your Reflection
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
