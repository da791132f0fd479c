import Button from '@mui/material/Button';
import { useSignOut } from '../lib/session/use-sign-out';

/** Ends the member's sessions on every device (a lost phone, a shared computer), this one included. */
export function SignOutEverywhereButton() {
  const { signOutEverywhere, signingOut } = useSignOut();
  return (
    <Button
      variant="text"
      color="secondary"
      size="small"
      disabled={signingOut}
      onClick={() => void signOutEverywhere()}
    >
      Sign out everywhere
    </Button>
  );
}
