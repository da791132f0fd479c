import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { BreathingPacer } from './breathing-pacer';

const HOW_TO = [
  { title: 'Find a seat', text: 'Feet on the floor, back tall but not stiff. Eyes closed or resting on one point.' },
  { title: 'Breathe through the nose', text: 'Let the belly move first. Slow and quiet is the goal, not big.' },
  {
    title: 'Follow the circle',
    text: 'In while it grows, out while it shrinks. If you lose count, just join the next breath.',
  },
  {
    title: 'Notice one thing',
    text: 'When you finish, name one thing that feels different. That is the whole practice.',
  },
];

export default function BreathePage() {
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="Breathwork"
        title="Breathe"
        subtitle="Two minutes is enough to feel it. Start with the steady rhythm, then let the out-breath grow longer. You can pause at any time."
      >
        <BreathingPacer />
      </PageHero>

      <Section
        eyebrow="The SIT method"
        title="How to practise"
        intro="SIT is our breathwork method: a slow, steady tempo that teaches your body to settle, so it can do it again when the pressure is on."
      >
        <CardGrid columns={4}>
          {HOW_TO.map((step, index) => (
            <InfoCard key={step.title} label={`Step ${index + 1}`} title={step.title}>
              {step.text}
            </InfoCard>
          ))}
        </CardGrid>
        <ButtonRow spaced>
          <LinkButton to="/sit-method" variant="contained">
            Learn the SIT method
          </LinkButton>
          <LinkButton to="/reflect" variant="outlined">
            Then reflect
          </LinkButton>
        </ButtonRow>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          If you feel dizzy or uncomfortable, return to your normal breathing. Breathwork supports your wellbeing; it
          does not replace medical care.
        </Typography>
      </Section>
    </>
  );
}
