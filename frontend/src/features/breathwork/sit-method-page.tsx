import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { SIT_RHYTHMS } from './breath-cycle';

const STAGES = [
  {
    title: 'Baseline',
    text: 'Two minutes of the steady rhythm. You notice where you are starting from, without judging it.',
  },
  { title: 'Settle', text: 'The out-breath doubles. This is where the shoulders drop and the thoughts slow down.' },
  {
    title: 'CO₂ holds',
    text: 'Three to five rounds of a short, comfortable pause after the out-breath, building calm tolerance to stress.',
  },
  {
    title: 'Deepen and return',
    text: 'The last two stages are taught in person, at retreats and in coaching, where someone can guide you through them.',
  },
];

export default function SitMethodPage() {
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="Breathwork"
        title="The SIT Method"
        subtitle="A simple breathing practice for men who carry a lot. No equipment, no incense, nothing to believe. Just a slow tempo and a few minutes of your attention."
      />

      <Section maxWidth="md">
        <Box
          role="img"
          aria-label="Video placeholder"
          sx={{
            aspectRatio: '16 / 9',
            borderRadius: 3,
            bgcolor: 'forest.main',
            color: 'forest.contrastText',
            display: 'grid',
            placeItems: 'center',
            alignContent: 'center',
            gap: 1,
            mb: 6,
          }}
        >
          <PlayCircleOutlinedIcon sx={{ fontSize: 64, opacity: 0.7 }} aria-hidden />
          <Typography>3-5 minute video coming soon</Typography>
        </Box>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Why breathing first
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          When you are stressed your breath gets fast and high in the chest, and your body reads that as danger. Slowing
          the breath, and especially lengthening the out-breath, sends the opposite signal. It is the one part of the
          stress response you can steer on purpose.
        </Typography>
        <Typography color="text.secondary">
          SIT trains that on purpose, a few minutes at a time, so it is there when you need it: before a hard
          conversation, after a long shift, at three in the morning.
        </Typography>
      </Section>

      <Section tone="paper" eyebrow="The two rhythms" title="Count it out">
        <CardGrid columns={2}>
          {SIT_RHYTHMS.map((rhythm, index) => (
            <InfoCard
              key={rhythm.id}
              label={index === 0 ? 'First' : 'Then'}
              title={`${rhythm.inhaleSeconds} s in / ${rhythm.exhaleSeconds} s out`}
            >
              {rhythm.purpose}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>

      <Section
        eyebrow="Five stages"
        title="How the practice builds"
        intro="SIT has five stages. You can start the first three today on your own."
      >
        <CardGrid columns={4}>
          {STAGES.map((stage, index) => (
            <InfoCard key={stage.title} label={index < 3 ? `Stage ${index + 1}` : 'Stages 4 and 5'} title={stage.title}>
              {stage.text}
            </InfoCard>
          ))}
        </CardGrid>
        <ButtonRow spaced>
          <LinkButton to="/journey" variant="contained" color="secondary">
            Begin your journey
          </LinkButton>
          <LinkButton to="/reflect" variant="outlined">
            Reflect after breathing
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
