import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChangeEmailRequest, ChangeFirstNameRequest, ChangePasswordRequest } from '@reflections/contracts/settings';
import type { ReactNode } from 'react';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import { SignOutEverywhereButton } from '../../components/sign-out-everywhere-button';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { CodecForm } from '../../components/codec-form';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';
import { useChangeEmailMutation, useChangeFirstNameMutation, useChangePasswordMutation } from './settings-api';

function SettingsCard({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

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
        <SettingsCard id="settings-name" title="Your name">
          <Typography variant="body2" color="text.secondary">
            Now: {user?.firstName}
          </Typography>
          <CodecForm
            codec={ChangeFirstNameRequest}
            initial={{ firstName: '' }}
            fields={[{ name: 'firstName', label: 'First name', autoComplete: 'given-name' }]}
            action="Save name"
            done="Your name is changed."
            send={(request) => changeFirstName(request).unwrap()}
          />
        </SettingsCard>
        <SettingsCard id="settings-email" title="Email">
          <Typography variant="body2" color="text.secondary">
            You sign in with {user?.email}. To change it, enter the new address and your password.
          </Typography>
          <CodecForm
            codec={ChangeEmailRequest}
            initial={{ email: '', currentPassword: '' }}
            fields={[
              { name: 'email', label: 'New email', type: 'email', autoComplete: 'email' },
              {
                name: 'currentPassword',
                label: 'Current password',
                type: 'password',
                autoComplete: 'current-password',
              },
            ]}
            action="Change email"
            done="Your email is changed. Sign in with the new address from now on."
            send={(request) => changeEmail(request).unwrap()}
          />
        </SettingsCard>
        <SettingsCard id="settings-password" title="Password">
          <Typography variant="body2" color="text.secondary">
            Changing your password signs you out on every other device.
          </Typography>
          <CodecForm
            codec={ChangePasswordRequest}
            initial={{ currentPassword: '', newPassword: '' }}
            fields={[
              {
                name: 'currentPassword',
                label: 'Current password',
                type: 'password',
                autoComplete: 'current-password',
              },
              { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
            ]}
            action="Change password"
            done="Your password is changed. Your other devices are signed out."
            send={(request) => changePassword(request).unwrap()}
          />
        </SettingsCard>
        <SettingsCard id="settings-theme" title="Theme">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ThemeModeToggle />
            <Typography variant="body2" color="text.secondary">
              Dark mode, remembered in this browser.
            </Typography>
          </Stack>
        </SettingsCard>
        <SettingsCard id="settings-sessions" title="Your devices">
          <Typography variant="body2" color="text.secondary">
            Left yourself signed in on a shared computer or a lost phone? End every session, this one too.
          </Typography>
          <div>
            <SignOutEverywhereButton />
          </div>
        </SettingsCard>
        <DownloadMyData />
        <DeleteAccount />
      </Stack>
    </Container>
  );
}
