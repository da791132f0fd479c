import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChangeEmailRequest, ChangeFirstNameRequest, ChangePasswordRequest } from '@reflections/contracts/settings';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import { SignOutEverywhereButton } from '../../components/sign-out-everywhere-button';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { CodecForm, type CodecField } from '../../components/codec-form';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';
import { SettingsSection } from './settings-section';
import { useChangeEmailMutation, useChangeFirstNameMutation, useChangePasswordMutation } from './settings-api';

const CURRENT_PASSWORD: CodecField<{ currentPassword: string }> = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
};

const NAME_FORM = {
  codec: ChangeFirstNameRequest,
  initial: { firstName: '' },
  fields: [{ name: 'firstName', label: 'First name', autoComplete: 'given-name' }],
  action: 'Save name',
  done: 'Your name is changed.',
} as const;

const EMAIL_FORM = {
  codec: ChangeEmailRequest,
  initial: { email: '', currentPassword: '' },
  fields: [{ name: 'email', label: 'New email', type: 'email', autoComplete: 'email' }, CURRENT_PASSWORD],
  action: 'Change email',
  done: 'Your email is changed. Sign in with the new address from now on.',
} as const;

const PASSWORD_FORM = {
  codec: ChangePasswordRequest,
  initial: { currentPassword: '', newPassword: '' },
  fields: [
    CURRENT_PASSWORD,
    { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
  ],
  action: 'Change password',
  done: 'Your password is changed. Your other devices are signed out.',
} as const;

/** /member/settings (issue 24): his name, email, password, theme, sessions and data, and deleting his account. */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  const [changeFirstName] = useChangeFirstNameMutation();
  const [changeEmail] = useChangeEmailMutation();
  const [changePassword] = useChangePasswordMutation();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Settings
        </Typography>
        <SettingsSection id="settings-name" title="Your name" note={`Now: ${user?.firstName ?? ''}`}>
          <CodecForm {...NAME_FORM} send={(request) => changeFirstName(request).unwrap()} />
        </SettingsSection>
        <SettingsSection
          id="settings-email"
          title="Email"
          note={`You sign in with ${user?.email ?? ''}. To change it, enter the new address and your password.`}
        >
          <CodecForm {...EMAIL_FORM} send={(request) => changeEmail(request).unwrap()} />
        </SettingsSection>
        <SettingsSection
          id="settings-password"
          title="Password"
          note="Changing your password signs you out on every other device."
        >
          <CodecForm {...PASSWORD_FORM} send={(request) => changePassword(request).unwrap()} />
        </SettingsSection>
        <SettingsSection id="settings-theme" title="Theme">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ThemeModeToggle />
            <Typography variant="body2" color="text.secondary">
              Dark mode, remembered in this browser.
            </Typography>
          </Stack>
        </SettingsSection>
        <SettingsSection
          id="settings-sessions"
          title="Your devices"
          note="Left yourself signed in on a shared computer or a lost phone? End every session, this one too."
        >
          <div>
            <SignOutEverywhereButton />
          </div>
        </SettingsSection>
        <DownloadMyData />
        <DeleteAccount />
      </Stack>
    </Container>
  );
}
