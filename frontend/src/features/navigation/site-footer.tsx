import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { FOOTER_LINKS } from './nav-links';
import { CrisisLink } from '../../components/crisis-link';

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: 'forest.dark', color: 'forest.contrastText', pt: 8, pb: 5 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
              <Logo size={36} />
              <Typography
                component="p"
                sx={{ fontFamily: (theme) => theme.typography.h1.fontFamily, letterSpacing: '0.3em' }}
              >
                REFLECTIONS
              </Typography>
            </Box>
            <Typography sx={{ opacity: 0.8, maxWidth: 440 }}>
              For the moments between the noise. Breathwork, honest reflection and a circle of men who get it.
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9, mt: 3, maxWidth: 440 }}>
              Reflections and RAI are not therapy or emergency care. If you are in crisis in the US, call or text{' '}
              <CrisisLink line="988" />, text HOME to <CrisisLink line="741741" />, or call <CrisisLink line="911" />.
            </Typography>
          </Box>
          <Box component="nav" aria-label="Footer">
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    component={RouterLink}
                    to={link.to}
                    color="inherit"
                    underline="hover"
                    sx={{ opacity: 0.85, '&:hover': { opacity: 1 } }}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.55, mt: 6 }}>
          © {new Date().getFullYear()} Reflections. Made with care by two brothers and a lot of quiet mornings.
        </Typography>
      </Container>
    </Box>
  );
}
