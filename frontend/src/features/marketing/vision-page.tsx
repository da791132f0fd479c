import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

export default function VisionPage() {
  return (
    <>
      <PageHero
        eyebrow="The vision"
        title="A man asking for help should be ordinary"
        subtitle="As normal as going to the gym. As unremarkable as a check-up. That is the world we are working toward."
      />
      <Section maxWidth="md" title="Where we are going">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We picture a man who notices his chest tightening and knows what to do with his breath. Who can tell a friend
          “I’m not doing great” and get a real answer. Who has a few men around him, a Council, that he sees every
          month, and who would notice if he went quiet.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We picture crews who debrief hard calls as a matter of routine, and young men who learn early that feeling
          something is not the same as being weak.
        </Typography>
        <Typography color="text.secondary">
          We will get there one reflection, one breath and one campfire at a time.
        </Typography>
        <ButtonRow spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary">
            Start Your Reflection
          </LinkButton>
          <LinkButton to="/connect" variant="outlined">
            Join the campfire
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
