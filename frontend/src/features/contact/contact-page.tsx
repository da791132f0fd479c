import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { ExternalLink } from '../../components/external-link';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { CONTACT_EMAIL, SOCIAL_LINKS } from '../../lib/external-links';
import { ContactForm } from './contact-form';
import { CrisisLink } from '../../components/crisis-link';

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Let’s talk"
        subtitle="A question, an idea for your team, or just not sure where to start. Write to us; a real person reads every message."
      />
      <Section>
        <Box sx={{ display: 'grid', gap: { xs: 6, md: 8 }, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
          <Box component="aside" aria-label="Contact details" sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <EmailOutlinedIcon color="secondary" aria-hidden />
              <Box>
                <Typography variant="h6" component="h2">
                  Email
                </Typography>
                <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <ScheduleIcon color="secondary" aria-hidden />
              <Box>
                <Typography variant="h6" component="h2">
                  When we reply
                </Typography>
                <Typography color="text.secondary">We respond within 24 hours, Monday to Friday.</Typography>
              </Box>
            </Box>
            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Follow along
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
                {SOCIAL_LINKS.map((social) => (
                  <li key={social.href}>
                    <ExternalLink href={social.href}>{social.label}</ExternalLink>
                  </li>
                ))}
              </Box>
            </Box>
            <Typography variant="body2" color="text.secondary">
              This form is not monitored around the clock. If you are in crisis in the US, call or text{' '}
              <CrisisLink line="988" />, or call <CrisisLink line="911" />.
            </Typography>
          </Box>
          <Box>
            <Typography variant="h3" component="h2" sx={{ mb: 3 }}>
              Send us a message
            </Typography>
            <ContactForm />
          </Box>
        </Box>
      </Section>
      <Section
        tone="paper"
        title="Or start on your own"
        maxWidth="sm"
        align="center"
        intro="Your first reflection takes about two minutes, and the in-person experiences are a click away."
      >
        <ButtonRow center>
          <LinkButton to="/journey" variant="contained" color="secondary">
            Begin your journey
          </LinkButton>
          <LinkButton to="/experience" variant="outlined">
            Explore the experiences
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
