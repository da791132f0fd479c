import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'destructive';

export type ToastOptions = {
  readonly title: string;
  readonly description?: string;
  readonly variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  readonly duration?: number;
};

export type ShownToast = ToastOptions & { readonly id: number };

type ToastViewComponent = (typeof import('./toast-view'))['default'];

const loadToastView = () => import('./toast-view').then((module) => module.default);

const ToastContext = createContext<((options: ToastOptions) => void) | null>(null);

/** Shows one toast at a time (docs/product.md#data-in-the-web-app): a new toast replaces the current one. */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  // Not React.lazy: a view that suspended while a dialog closed kept the dialog's aria-hidden on the page.
  const [View, setView] = useState<ToastViewComponent | null>(null);
  const loadView = useCallback(() => {
    void loadToastView().then((view) => setView(() => view));
  }, []);

  const toast = useCallback(
    (options: ToastOptions) => {
      loadView();
      setCurrent({ ...options, id: Date.now() + Math.random() });
      setOpen(true);
    },
    [loadView],
  );

  useEffect(() => {
    // Fetched once the page is idle, not with its first screen; and before any toast is
    // due, for a toast that reports a lost connection cannot wait for the network.
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    whenIdle(loadView);
  }, [loadView]);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      {current && View && <View toast={current} open={open} onClose={close} />}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return { toast };
}
