import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { LinkButton } from '../../components/link-button';

export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 12, md: 16 }, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 5 }}>
        This path doesn’t lead anywhere. It happens. Let’s get you back to solid ground.
      </Typography>
      <ButtonRow center>
        <LinkButton to="/" variant="contained">
          Back to home
        </LinkButton>
        <LinkButton to="/breathe" variant="outlined">
          Take a breath
        </LinkButton>
      </ButtonRow>
    </Container>
  );
}
