import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { useHashScroll } from '../../lib/use-hash-scroll';

const VALUES = [
  { title: 'Honesty over image', text: 'We would rather hear how it really is than how it looks from outside.' },
  { title: 'Practice over theory', text: 'Everything we teach, you can use the same day.' },
  { title: 'Brotherhood over isolation', text: 'The work is yours; you don’t have to do it alone.' },
];

/** The contact form is another feature's; the app passes it in. */
export default function PathsPage({ contactForm }: { readonly contactForm: ReactNode }) {
  useHashScroll({ delayMs: 100 });

  return (
    <>
      <PageHero
        eyebrow="Paths"
        title="Choose your path"
        subtitle="Go deep for three days, work one-to-one over time, or bring the tools to your whole team."
      />

      <Section
        id="retreats"
        title="3-day retreats and coaching"
        intro="Our retreats give you three days to reset with the SIT method, honest conversation and time outdoors. Coaching carries that work into everyday life, session by session."
      >
        <ButtonRow>
          <LinkButton to="/sit-method" variant="outlined">
            Experience SIT
          </LinkButton>
          <LinkButton to="/paths#retreat-dates" variant="contained" color="secondary">
            Join a Retreat
          </LinkButton>
          <LinkButton to="/coaching" variant="outlined">
            Book a Session
          </LinkButton>
        </ButtonRow>
        <Typography id="retreat-dates" color="text.secondary" sx={{ mt: 4, scrollMarginTop: 100 }}>
          Retreat dates are shared with people who get in touch first. Use the form below and choose “Retreats &amp;
          Workshops”; we will send you the next dates.
        </Typography>
      </Section>

      <Section
        id="workshops"
        tone="paper"
        title="Team and first-responder workshops"
        intro="One to two hours on site, or a full day for new hires. Breathwork and shared language for stress, shaped around your team."
      >
        <LinkButton to="/paths#contact" variant="contained">
          Request Workshop
        </LinkButton>
      </Section>

      <Section title="What we stand for">
        <CardGrid>
          {VALUES.map((value) => (
            <InfoCard key={value.title} title={value.title}>
              {value.text}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>

      <Section
        id="contact"
        tone="paper"
        title="Get in touch"
        intro="Tell us which path interests you. We respond within 24 hours, Monday to Friday."
        maxWidth="md"
      >
        {contactForm}
      </Section>
    </>
  );
}
