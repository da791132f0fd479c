import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ERASURE_REASONS, type ErasureReason } from '@reflections/contracts/identity-events';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useEraseMemberMutation } from './admin-api';

const ADMIN_REASONS = (Object.keys(ERASURE_REASONS) as ErasureReason[]).filter((reason) => reason !== 'own-request');

/** Issue 24: an admin deletes a member's account, saying why (one of a few fixed reasons: free text about him would be his data again). */
export function EraseMemberButton({ userId, name }: { readonly userId: string; readonly name: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ErasureReason>('asked-an-admin');
  const [eraseMember, { isLoading }] = useEraseMemberMutation();
  const { toast } = useToast();
  const erase = async () => {
    try {
      await eraseMember({ userId, request: { reason } }).unwrap();
      setOpen(false);
      toast({
        title: 'Account deleted',
        description: `${name}'s personal data can no longer be read.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`erase-${userId}`}>
        <DialogTitle id={`erase-${userId}`}>Delete {name}&apos;s account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            His data key is destroyed: his name, email, journal, stories, answers and forum words become unreadable for
            good, and every session of his ends. His forum posts stay in their threads as &quot;Deleted member&quot;.
            This cannot be undone.
          </DialogContentText>
          <TextField
            select
            size="small"
            fullWidth
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as ErasureReason)}
            slotProps={{ select: { native: true } }}
          >
            {ADMIN_REASONS.map((choice) => (
              <option key={choice} value={choice}>
                {ERASURE_REASONS[choice]}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={isLoading} onClick={() => void erase()}>
            Delete account
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
