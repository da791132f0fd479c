import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { ExpandableSection } from '../../components/expandable-section';
import { ExternalLinkButton } from '../../components/external-link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { BOOKING_URL } from '../../lib/external-links';
import { CrisisLink } from '../../components/crisis-link';

const PROGRAMS = [
  {
    title: 'Workshops for crews and departments',
    summary: 'One to two hours on shift, or a full day for new hires.',
    paragraphs: [
      'Built with people who have worked the calls. We cover what stress does to the body after a critical incident, how to come down after a shift, and how to check on a crewmate without it turning into a big deal.',
      'New-hire days set the tone early: this is a job where you look after your head the way you look after your gear.',
    ],
  },
  {
    title: 'Performance breathwork',
    summary: 'Breathing you can use on scene, not just on a yoga mat.',
    paragraphs: [
      'Tactical breathing drills based on the SIT method: steady the heart rate before entry, settle after the adrenaline dump, and sleep after nights that do not let go easily.',
      'Short enough to use in the truck. Simple enough to remember when it counts.',
    ],
  },
  {
    title: 'The decompression AI tool',
    summary: 'A private place to unload after a hard call.',
    paragraphs: [
      'A version of RAI shaped for first responders: a few guided questions after a difficult shift to help you put it into words instead of carrying it home.',
      'It is private, available at 3 a.m., and it is not a therapist or a replacement for peer support and professional care. It will always point you to people when it matters.',
    ],
  },
];

export default function FirstRespondersPage() {
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="First responders"
        title="You show up for everyone else"
        subtitle="Firefighters, police, paramedics, dispatchers, corrections and ER staff: tools for the weight the job leaves behind."
      >
        <ExternalLinkButton href={BOOKING_URL} variant="contained" color="secondary" size="large">
          Schedule a Call
        </ExternalLinkButton>
      </PageHero>
      <Section
        maxWidth="md"
        title="Programs"
        intro="Each program can be shaped to your agency, your shift patterns and what your people are dealing with."
      >
        {PROGRAMS.map((program) => (
          <ExpandableSection key={program.title} title={program.title} summary={program.summary}>
            {program.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 2 }}>
                {paragraph}
              </Typography>
            ))}
          </ExpandableSection>
        ))}
      </Section>
      <Section
        tone="forest"
        title="Talk to us"
        maxWidth="sm"
        align="center"
        intro="Tell us about your team and we will tell you honestly whether we can help."
      >
        <ButtonRow center>
          <ExternalLinkButton href={BOOKING_URL} variant="contained" color="secondary" size="large">
            Schedule a Call
          </ExternalLinkButton>
        </ButtonRow>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.8 }}>
          If you are struggling right now, you can call or text <CrisisLink line="988" /> in the US, any time.
        </Typography>
      </Section>
    </>
  );
}
