import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import type { ShownToast, ToastVariant } from './toast';

const DEFAULT_DURATION = 5000;

const severityOf = (variant: ToastVariant = 'info') => (variant === 'destructive' ? 'error' : variant);

type ToastViewProps = {
  readonly toast: ShownToast;
  readonly open: boolean;
  readonly onClose: (event?: unknown, reason?: string) => void;
};

/** The toast on screen: loaded with the first toast, so pages that never show one do not carry it. */
export default function ToastView({ toast, open, onClose }: ToastViewProps) {
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={toast.duration ?? DEFAULT_DURATION}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        onClose={onClose}
        severity={severityOf(toast.variant)}
        variant="filled"
        sx={{ width: '100%', maxWidth: 420 }}
      >
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
