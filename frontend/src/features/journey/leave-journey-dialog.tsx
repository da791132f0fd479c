import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type LeaveJourneyDialogProps = {
  readonly open: boolean;
  /** When the answers reach the server: with the account, or when a signed-in member finishes. */
  readonly savedWhen: string;
  readonly onStay: () => void;
  readonly onLeave: () => void;
};

/** Asked when a link would take someone away mid-journey. Staying is the default. */
export function LeaveJourneyDialog({ open, savedWhen, onStay, onLeave }: LeaveJourneyDialogProps) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-journey-title" aria-describedby="leave-journey-text">
      <DialogTitle id="leave-journey-title">Leave your journey?</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-journey-text">
          Your answers stay in this browser tab, so you can come back and carry on where you left off. {savedWhen}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="inherit">
          Leave
        </Button>
        <Button onClick={onStay} variant="contained" color="secondary" autoFocus>
          Stay on the journey
        </Button>
      </DialogActions>
    </Dialog>
  );
}
