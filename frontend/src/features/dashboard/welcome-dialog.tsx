import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { useSetWelcomePreferenceMutation } from './welcome-api';

const dismissedKey = (memberId: string) => `reflections.welcome-dismissed.${memberId}`;

function isDismissed(memberId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(memberId)) === '1';
  } catch {
    return false;
  }
}

function setDismissed(memberId: string, dismissed: boolean) {
  try {
    if (dismissed) window.localStorage.setItem(dismissedKey(memberId), '1');
    else window.localStorage.removeItem(dismissedKey(memberId));
  } catch {
    // Storage blocked: the popup simply shows again next time.
  }
}

type WelcomeDialogProps = {
  readonly memberId: string;
  readonly firstName: string;
  /** His profile's choice (the dashboard's showWelcome), the same on every device. */
  readonly showWelcome: boolean;
};

/**
 * The first-visit welcome (docs/product.md#dashboard): shown while this member has not ticked
 * 'Don't show this again'; 'Get Started' alone closes it for this visit only. The choice
 * is kept on his profile (POST /api/me/welcome); this browser remembers it too, so that a
 * reload before the profile has caught up does not greet him again.
 */
export function WelcomeDialog({ memberId, firstName, showWelcome }: WelcomeDialogProps) {
  const [open, setOpen] = useState(() => showWelcome && !isDismissed(memberId));
  const [dontShow, setDontShow] = useState(false);
  const [setPreference] = useSetWelcomePreferenceMutation();
  const { toast } = useToast();

  const choose = (dismissed: boolean) => {
    setDontShow(dismissed);
    setDismissed(memberId, dismissed);
    setPreference({ showWelcome: !dismissed })
      .unwrap()
      .catch(() =>
        toast({
          title: 'Your choice was kept in this browser only',
          description: 'It could not be saved to your profile just now.',
          variant: 'info',
        }),
      );
  };

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-text"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="welcome-title">Welcome to Reflections, {firstName}</DialogTitle>
      <DialogContent>
        <Typography id="welcome-text" sx={{ mb: 2 }}>
          This is your space. Talk with RAI, your reflection guide, whenever something is on your mind. Take the
          five-minute story, answer the P.E.A.C.E. questions in your own time, and find other men at the Digital
          Campfire.
        </Typography>
        <Typography color="text.secondary">
          Nothing you write here is shared with anyone unless you choose to post it.
        </Typography>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Checkbox checked={dontShow} onChange={(event) => choose(event.target.checked)} />}
          label="Don't show this again"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" color="secondary" onClick={() => setOpen(false)} autoFocus>
          Get Started
        </Button>
      </DialogActions>
    </Dialog>
  );
}
