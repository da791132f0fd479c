import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { Link as RouterLink } from 'react-router-dom';

/** Honest placeholder for a screen that a later release brings. */
export function BuildingPage({ title }: { readonly title: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 12, md: 16 }, textAlign: 'center' }}>
      <Typography variant="overline" color="text.accent">
        {title}
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mt: 1, mb: 2 }}>
        This space is being built
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        We are taking our time with this part of Reflections so it is worth your time when it opens. Nothing here is
        ready yet, and we would rather say so than pretend.
      </Typography>
      <ButtonRow center>
        <Button component={RouterLink} to="/" variant="contained">
          Back to home
        </Button>
        <Button component={RouterLink} to="/breathe" variant="outlined">
          Take a breath meanwhile
        </Button>
      </ButtonRow>
    </Container>
  );
}
