import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, type Role } from '@reflections/contracts/identity';
import { useEffect, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { onSignedOutElsewhere } from '../session-hint';
import { sessionEnded } from '../session-signal';
import { useToast } from '../toast';
import { signInPathReturningTo } from '../return-path';
import { selectLeavingOnPurpose } from './session-slice';
import { useCurrentUser } from './use-current-user';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export type RequireAuthProps = {
  readonly children: ReactNode;
  /** Only this role may enter; others go to /dashboard. */
  readonly role?: Role;
  /** Where a signed-out visitor goes (docs/product.md#signed-in-screens: /pre-journey). */
  readonly signedOutTo?: string;
  /** With a delay, a signed-out visitor first sees a 'Please sign in' toast (docs/product.md#signed-in-screens). */
  readonly signedOutDelayMs?: number;
  readonly loadingLabel?: string;
};

/** The one place where routes check who may enter. */
export function RequireAuth({
  children,
  role,
  signedOutTo = '/pre-journey',
  signedOutDelayMs = 0,
  loadingLabel = 'Loading…',
}: RequireAuthProps) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { pathname, search, hash } = useLocation();
  const dispatch = useDispatch();
  // Signed in once on this screen, then not: the session ended (React's "adjust state while rendering" pattern).
  const [seenSignedIn, setSeenSignedIn] = useState(false);
  if (user && !seenSignedIn) setSeenSignedIn(true);
  const leaving = useSelector(selectLeavingOnPurpose);
  const ended = seenSignedIn && user === null && !leaving;
  const signedOut = user === null && !seenSignedIn;
  const wrongRole = Boolean(user && role && user.role !== role);

  useEffect(() => onSignedOutElsewhere(() => dispatch(sessionEnded({ elsewhere: true }))), [dispatch]);

  useEffect(() => {
    if (!ended) return;
    toast({ title: SESSION_ENDED, variant: 'info' });
    navigate(signInPathReturningTo(pathname + search + hash), { replace: true });
  }, [ended, navigate, toast, pathname, search, hash]);

  useEffect(() => {
    if (!signedOut || signedOutDelayMs === 0) return undefined;
    toast({ title: MESSAGES.signedOut, description: 'Redirecting you to sign in...', variant: 'destructive' });
    const timer = setTimeout(() => navigate(signedOutTo, { replace: true }), signedOutDelayMs);
    return () => clearTimeout(timer);
  }, [signedOut, signedOutDelayMs, signedOutTo, navigate, toast]);

  useEffect(() => {
    if (wrongRole) toast({ title: 'Access Denied', description: 'Admin access required', variant: 'destructive' });
  }, [wrongRole, toast]);

  if (leaving && user === null) return null;
  if (ended) {
    return (
      <Box role="status" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', px: 2 }}>
        <Typography color="text.secondary">{SESSION_ENDED}</Typography>
      </Box>
    );
  }
  if (signedOut && signedOutDelayMs === 0) return <Navigate to={signedOutTo} replace />;
  if (wrongRole) return <Navigate to="/dashboard" replace />;
  if (!user) {
    return (
      <Box
        role="status"
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', gap: 2, alignContent: 'center' }}
      >
        <CircularProgress color="secondary" aria-hidden />
        <Typography color="text.secondary">{loadingLabel}</Typography>
      </Box>
    );
  }
  return children;
}
