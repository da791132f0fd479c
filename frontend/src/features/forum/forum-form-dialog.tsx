import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { MouseEvent, ReactNode } from 'react';
import { AnonymousToggle } from './anonymous-toggle';

/**
 * The dialog a member writes a post or a reply in (docs/product.md#forum-boards): his fields, the
 * anonymous toggle, Cancel and the button that sends, which says 'Posting…' while it does.
 */
export function ForumFormDialog(props: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly titleId: string;
  readonly title: string;
  readonly anonymous: boolean;
  readonly onAnonymous: (isAnonymous: boolean) => void;
  readonly action: string;
  readonly busy: boolean;
  /** Sending is also held back while this is true (a field still empty). */
  readonly notReady?: boolean;
  readonly onSend: (event: MouseEvent) => void;
  readonly children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={props.titleId} fullWidth maxWidth="sm">
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
        {props.children}
        <AnonymousToggle checked={props.anonymous} onChange={props.onAnonymous} disabled={props.busy} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          onClick={props.onSend}
          variant="contained"
          color="secondary"
          disabled={props.busy || props.notReady === true}
        >
          {props.busy ? 'Posting…' : props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
