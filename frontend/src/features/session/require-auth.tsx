import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, type Role } from '@reflections/contracts/identity';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useToast } from '../../lib/toast';
import { useCurrentUser } from './use-current-user';

export type RequireAuthProps = {
  readonly children: ReactNode;
  /** Only this role may enter; others go to /dashboard. */
  readonly role?: Role;
  /** Where a signed-out visitor goes (spec 000 §6: /pre-journey). */
  readonly signedOutTo?: string;
  /** With a delay, a signed-out visitor first sees a 'Please sign in' toast (spec 000 §4). */
  readonly signedOutDelayMs?: number;
  readonly loadingLabel?: string;
};

/** The one place where routes check who may enter. */
export function RequireAuth({ children, role, signedOutTo = '/pre-journey', signedOutDelayMs = 0, loadingLabel = 'Loading…' }: RequireAuthProps) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const signedOut = user === null;
  const wrongRole = Boolean(user && role && user.role !== role);

  useEffect(() => {
    if (!signedOut || signedOutDelayMs === 0) return undefined;
    toast({ title: MESSAGES.signedOut, description: 'Redirecting you to sign in...', variant: 'destructive' });
    const timer = setTimeout(() => navigate(signedOutTo, { replace: true }), signedOutDelayMs);
    return () => clearTimeout(timer);
  }, [signedOut, signedOutDelayMs, signedOutTo, navigate, toast]);

  useEffect(() => {
    if (wrongRole) toast({ title: 'Access Denied', description: 'Admin access required', variant: 'destructive' });
  }, [wrongRole, toast]);

  if (signedOut && signedOutDelayMs === 0) return <Navigate to={signedOutTo} replace />;
  if (wrongRole) return <Navigate to="/dashboard" replace />;
  if (!user) {
    return (
      <Box role="status" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', gap: 2, alignContent: 'center' }}>
        <CircularProgress color="secondary" aria-hidden />
        <Typography color="text.secondary">{loadingLabel}</Typography>
      </Box>
    );
  }
  return children;
}
