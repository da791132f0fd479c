import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DeleteAccountRequest } from '@reflections/contracts/settings';
import { Link as RouterLink } from 'react-router-dom';
import { CodecForm } from '../../components/codec-form';
import { useLeaveDeletedAccount } from '../../lib/session/use-sign-out';
import { SettingsSection } from './settings-section';
import { useDeleteAccountMutation } from './settings-api';

const FAREWELL = 'Your account is deleted. Thank you for the time you spent here. Take care of yourself.';

/**
 * /member/settings, issue 24: he may delete his account, with his password and DELETE typed
 * out. The wording says plainly what goes and what stays; he may be at a low point, so it
 * neither hurries him nor cheers, and it names where help is.
 */
export function DeleteAccount() {
  const [deleteAccount] = useDeleteAccountMutation();
  const leave = useLeaveDeletedAccount();
  return (
    <SettingsSection id="delete-account-title" title="Delete your account">
      <Typography variant="body2">
        You can leave whenever you choose. Deleting your account removes your name and email, your journal and
        RAI&apos;s replies, your stories, your P.E.A.C.E. answers and the words of your forum posts and replies. It
        cannot be undone: once it is done, nobody here, not even us, can read or bring back any of it.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        What stays: your forum posts keep their place so the replies other men wrote still make sense; they show
        &quot;Deleted member&quot; and no words of yours. Your anonymous posts stay anonymous, and nothing links them to
        you any more. Totals, like how many men joined this month, still count you without your name. If you want to
        keep anything, download your data above first.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        If you are leaving because things feel heavy right now, you do not have to carry it alone:{' '}
        <Link component={RouterLink} to="/crisis-protocol">
          people who can help, any time
        </Link>
        .
      </Typography>
      <CodecForm
        codec={DeleteAccountRequest}
        initial={{ password: '', confirm: '' }}
        fields={[
          { name: 'password', label: 'Your password', type: 'password', autoComplete: 'current-password' },
          { name: 'confirm', label: 'Type DELETE to confirm', autoComplete: 'off' },
        ]}
        action="Delete my account"
        done={FAREWELL}
        send={async (request) => {
          await deleteAccount(request).unwrap();
          await leave(FAREWELL);
        }}
      />
    </SettingsSection>
  );
}
