import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ButtonRow } from '../../components/button-row';
import { MEMBERSHIP_LABELS } from '@reflections/contracts/identity';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useLogoutMutation } from '../session/session-api';
import { useCurrentUser } from '../session/use-current-user';

/** The member dashboard until its own issue lands: who you are, and a way out. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const { toast } = useToast();

  const signOut = async () => {
    try {
      await logout().unwrap();
      navigate('/');
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'forest.dark', color: 'forest.contrastText', display: 'grid', placeItems: 'center' }}>
      <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="overline" sx={{ opacity: 0.8 }}>
          {user ? MEMBERSHIP_LABELS[user.membershipType] : ''} member
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 1, mb: 2 }}>
          Welcome, {user?.firstName}
        </Typography>
        <Typography sx={{ mb: 1, opacity: 0.9 }}>This space is being built.</Typography>
        <Typography sx={{ mb: 5, opacity: 0.75 }}>
          Your dashboard, with RAI, your reflections and the Digital Campfire, opens here soon. Your account is safe and
          your answers are kept.
        </Typography>
        <ButtonRow center>
          <Button component={RouterLink} to="/breathe" variant="contained" color="secondary">
            Breathe
          </Button>
          <Button onClick={signOut} disabled={isLoading} variant="outlined" color="inherit">
            Sign out
          </Button>
        </ButtonRow>
      </Container>
    </Box>
  );
}
