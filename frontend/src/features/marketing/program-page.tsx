import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { ExternalLinkButton } from '../../components/external-link-button';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { BOOKING_URL } from '../../lib/external-links';

export type Program = {
  readonly eyebrow: string;
  readonly title: string;
  readonly subtitle: string;
  readonly tone?: 'dark' | 'light';
  readonly highlights: readonly { readonly title: string; readonly text: string }[];
  readonly forWhom: readonly string[];
  readonly closing: string;
};

/** The shape shared by the retreat, coaching, workshop and youth pages. */
export function ProgramPage({ program }: { readonly program: Program }) {
  return (
    <>
      <PageHero tone={program.tone} eyebrow={program.eyebrow} title={program.title} subtitle={program.subtitle}>
        <ExternalLinkButton href={BOOKING_URL} variant="contained" color="secondary" size="large">
          Book a Call
        </ExternalLinkButton>
      </PageHero>
      <Section title="What it looks like">
        <CardGrid columns={program.highlights.length === 4 ? 4 : 3}>
          {program.highlights.map((highlight) => (
            <InfoCard key={highlight.title} title={highlight.title}>
              {highlight.text}
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
      <Section tone="paper" title="Who it is for" maxWidth="md">
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5 }}>
          {program.forWhom.map((line) => (
            <Typography component="li" key={line} color="text.secondary">
              {line}
            </Typography>
          ))}
        </Box>
      </Section>
      <Section title="Take the next step" maxWidth="sm" align="center" intro={program.closing}>
        <ButtonRow center>
          <ExternalLinkButton href={BOOKING_URL} variant="contained" color="secondary" size="large">
            Book a Call
          </ExternalLinkButton>
          <LinkButton to="/contact" variant="outlined" size="large">
            Ask a question
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
