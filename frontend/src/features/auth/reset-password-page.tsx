import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ResetPasswordRequest, SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CodecForm } from '../../components/codec-form';
import { useResetPasswordMutation } from './auth-api';

/** /reset-password?token=… (issue 24): the link from the email, and a new password. Every session of the member ends. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [resetPassword] = useResetPasswordMutation();
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 8, sm: 12 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Choose a new password
        </Typography>
        {token ? (
          <CodecForm
            codec={ResetPasswordRequest}
            initial={{ token, newPassword: '' }}
            fields={[{ name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' }]}
            action="Save new password"
            done="Your password is changed, and you are signed out everywhere. Sign in with your new password."
            send={(request) => resetPassword(request).unwrap()}
          />
        ) : (
          <Alert severity="error">{SETTINGS_MESSAGES.resetLinkMissing}</Alert>
        )}
        <Typography variant="body2">
          <Link component={RouterLink} to="/signin" color="text.accent">
            Sign in
          </Link>
          {' · '}
          <Link component={RouterLink} to="/forgot-password" color="text.accent">
            Ask for a new link
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
