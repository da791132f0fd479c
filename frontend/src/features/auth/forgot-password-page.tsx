import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ForgotPasswordRequest, RESET_LINK_MINUTES, SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { Link as RouterLink } from 'react-router-dom';
import { CodecForm } from '../../components/codec-form';
import { useForgotPasswordMutation } from './auth-api';

/** "Forgot your password?" (issue 24): a reset link by email; the answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const [forgotPassword] = useForgotPasswordMutation();
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 8, sm: 12 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Forgot your password?
        </Typography>
        <Typography color="text.secondary">
          Enter the email you sign in with. We will send you a link to choose a new password; it works once, for{' '}
          {RESET_LINK_MINUTES} minutes.
        </Typography>
        <CodecForm
          codec={ForgotPasswordRequest}
          initial={{ email: '' }}
          fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
          action="Send me a link"
          done={SETTINGS_MESSAGES.resetRequested}
          send={(request) => forgotPassword(request).unwrap()}
        />
        <Typography variant="body2">
          <Link component={RouterLink} to="/signin" color="text.accent">
            Back to sign in
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
