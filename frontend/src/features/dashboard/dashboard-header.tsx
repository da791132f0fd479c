import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';

const LINKS = [
  { to: '/member/ai-journal', label: 'Guided Reflection' },
  { to: '/member/reflections', label: 'Your Reflections' },
  { to: '/digital-campfire-forum', label: 'Digital Campfire' },
];

/** The dashboard's own top bar (spec 000 §2: no shared header on /dashboard). */
export function DashboardHeader({ onSignOut, signingOut }: { readonly onSignOut: () => void; readonly signingOut: boolean }) {
  return (
    <Box component="header" sx={{ bgcolor: 'forest.dark', color: 'forest.contrastText' }}>
      <Container maxWidth="xl" sx={{ py: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box component={RouterLink} to="/" aria-label="Reflections home" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
          <Logo size={28} />
          <Typography component="span" sx={{ letterSpacing: '0.2em', fontWeight: 600 }}>
            REFLECTIONS
          </Typography>
        </Box>
        <Stack component="nav" aria-label="Member" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, ml: { sm: 'auto' } }}>
          {LINKS.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} color="inherit" size="small">
              {link.label}
            </Button>
          ))}
          <ThemeModeToggle size="small" />
          <Button onClick={onSignOut} disabled={signingOut} color="inherit" variant="outlined" size="small">
            Sign out
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
