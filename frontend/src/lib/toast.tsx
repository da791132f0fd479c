import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'destructive';

export type ToastOptions = {
  readonly title: string;
  readonly description?: string;
  readonly variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  readonly duration?: number;
};

type ShownToast = ToastOptions & { readonly id: number };

const DEFAULT_DURATION = 5000;

const ToastContext = createContext<((options: ToastOptions) => void) | null>(null);

const severityOf = (variant: ToastVariant = 'info') => (variant === 'destructive' ? 'error' : variant);

/** Shows one toast at a time (spec 000 §9): a new toast replaces the current one. */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);

  const toast = useCallback((options: ToastOptions) => {
    setCurrent({ ...options, id: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Snackbar
        key={current?.id}
        open={open && current !== null}
        autoHideDuration={current?.duration ?? DEFAULT_DURATION}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert onClose={close} severity={severityOf(current?.variant)} variant="filled" sx={{ width: '100%', maxWidth: 420 }}>
          {current?.title && <AlertTitle>{current.title}</AlertTitle>}
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return { toast };
}
