import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CrisisResources } from '../../components/crisis-resources';

/** Shown to the author right after a post or reply with crisis language; their words are published as written. */
export function CrisisDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="forum-crisis-title" maxWidth="sm" fullWidth>
      <DialogTitle id="forum-crisis-title">You are not alone</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          Your words are posted, and the brothers here will see them. What you wrote sounds heavy, so here is where to
          reach someone right now.
        </Typography>
        <CrisisResources />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" color="secondary">
          Thank you
        </Button>
      </DialogActions>
    </Dialog>
  );
}
