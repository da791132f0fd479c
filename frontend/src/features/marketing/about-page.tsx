import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

const PRINCIPLES = [
  { title: 'Plain talk', text: 'No jargon, no guru voice. We say what we mean and keep it practical.' },
  {
    title: 'Honest limits',
    text: 'We are not a clinic. RAI is an AI guide, not a therapist. When you need more, we say so and point you there.',
  },
  {
    title: 'Privacy by default',
    text: 'What you write is yours. We collect what we need to run the service and nothing for show.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About"
        title="Built by men who needed it"
        subtitle="Reflections is an emotional-wellness platform for men: breathwork, guided reflection, community and in-person work."
      />
      <Section maxWidth="md" title="Why we exist">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A lot of men were raised to handle things alone. That works, right up until it doesn’t: the short temper, the
          sleepless nights, the drink that becomes two, the distance from the people at home. Most of us never got tools
          for that, or a room where it was normal to talk about it.
        </Typography>
        <Typography color="text.secondary">
          Reflections exists to change that, quietly and practically. We start with the breath, because it works fast.
          We add reflection, because putting things into words takes away some of their weight. And we bring men
          together, because that is where the real change happens.
        </Typography>
      </Section>
      <Section tone="paper" title="How we work">
        <CardGrid>
          {PRINCIPLES.map((principle) => (
            <InfoCard key={principle.title} title={principle.title}>
              {principle.text}
            </InfoCard>
          ))}
        </CardGrid>
        <ButtonRow spaced>
          <LinkButton to="/team" variant="contained">
            Meet the team
          </LinkButton>
          <LinkButton to="/vision" variant="outlined">
            Read our vision
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
