import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Fade from '@mui/material/Fade';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { TypedText } from '../../components/typed-text';
import { api, type ApiError } from '../../lib/api';
import { returnPathFrom } from '../../lib/return-path';
import { useToast } from '../../lib/toast';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { useLoginMutation } from './auth-api';
import { initialSignInState, signInMachine, type SignInEvent } from './signin-machine';

const GREETING = 'Welcome back. Good to see you again.';
/** docs/product.md#sign-in: the greeting types at 50 ms per character; the form follows after 0.5 s. */
const GREETING_MS_PER_CHAR = 50;
const FORM_DELAY_MS = 500;

function useDelayedReveal(delayMs: number) {
  const reducedMotion = useReducedMotion();
  const [shown, setShown] = useState(reducedMotion);
  useEffect(() => {
    if (reducedMotion) {
      setShown(true);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, reducedMotion]);
  return shown;
}

const asApiError = (error: unknown): Pick<ApiError, 'status' | 'data'> =>
  typeof error === 'object' && error !== null && 'status' in error
    ? (error as ApiError)
    : { status: 'FETCH_ERROR', data: null };

export default function SignInPage() {
  const [state, send] = useReducer(signInMachine, initialSignInState);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login] = useLoginMutation();
  // The store's own type lives in src/app, which features do not import; RTK Query's thunks need no more.
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { toast } = useToast();
  const formShown = useDelayedReveal(FORM_DELAY_MS);

  const notice = state.phase === 'submitting' ? null : state.notice;
  useEffect(() => {
    if (notice) toast(notice);
  }, [notice, toast]);

  // A member whose session ended returns to the screen he was on (?next=), drafts and all.
  const returnTo = returnPathFrom(useLocation().search);
  const redirect = state.phase === 'leaving' ? state.redirect : null;
  useEffect(() => {
    if (!redirect) return undefined;
    const to = redirect.to === '/dashboard' && returnTo ? returnTo : redirect.to;
    const timer = setTimeout(() => navigate(to, { replace: true }), redirect.afterMs);
    return () => clearTimeout(timer);
  }, [redirect, navigate, returnTo]);

  const signIn = async (credentials: { email: string; password: string }) => {
    try {
      const { user } = await login(credentials).unwrap();
      // The refetch of the current user must land before the guarded screen asks who is signed in.
      await Promise.all(dispatch(api.util.getRunningQueriesThunk()));
      send({ type: 'signedIn', role: user.role });
    } catch (error) {
      send({ type: 'rejected', error: asApiError(error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const submitted: SignInEvent = { type: 'submitted', email, password };
    const next = signInMachine(state, submitted);
    send(submitted);
    if (next.phase === 'submitting') void signIn({ email: next.email, password: next.password });
  };

  const busy = state.phase !== 'editing';

  return (
    <Box sx={{ minHeight: '80vh', display: 'grid', placeItems: 'center', px: 2, py: { xs: 8, sm: 12 } }}>
      <Container maxWidth="xs" disableGutters>
        <TypedText
          text={GREETING}
          msPerChar={GREETING_MS_PER_CHAR}
          caret
          variant="h3"
          component="h1"
          sx={{ mb: 4, textAlign: 'center' }}
        />
        <Fade in={formShown}>
          <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
            <Stack spacing={2.5}>
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                // Never disabled: that would drop focus to the page, where Enter means "start the journey".
                // The machine ignores a submit while one is pending.
                aria-busy={busy}
                startIcon={
                  state.phase === 'submitting' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
                }
              >
                Sign In
              </Button>
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                <Link component={RouterLink} to="/forgot-password" color="text.accent">
                  Forgot your password?
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                New here?{' '}
                <Link component={RouterLink} to="/journey" color="text.accent">
                  Begin your journey and create an account
                </Link>
              </Typography>
            </Stack>
          </Box>
        </Fade>
      </Container>
    </Box>
  );
}
