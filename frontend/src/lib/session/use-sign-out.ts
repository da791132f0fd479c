import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api';
import { announceSignedOut } from '../session-hint';
import { sessionEnded } from '../session-signal';
import { useToast } from '../toast';
import { useLogoutAllMutation, useLogoutMutation } from './session-api';
import { signedOutOnPurpose } from './session-slice';

/**
 * Signing out on purpose: the server ends the session, the member lands on the home page,
 * and only then does the tab forget him (so no guard mistakes it for a session that ended)
 * and tell its other tabs, which follow.
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const [logoutAll, { isLoading: endingAll }] = useLogoutAllMutation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const { toast } = useToast();
  /** The server has ended his session: he lands on the home page, signed out. */
  const landSignedOut = async () => {
    dispatch(signedOutOnPurpose());
    // Before the public header is drawn again: it should offer Enter, not the dashboard.
    announceSignedOut();
    await navigate('/');
    dispatch(sessionEnded());
  };
  const leave = async (end: () => Promise<unknown>) => {
    try {
      await end();
      await landSignedOut();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const signOut = () => leave(() => logout().unwrap());
  /** Every device too: the others find their session ended on their next request. */
  const signOutEverywhere = () => leave(() => logoutAll().unwrap());
  return { signOut, signOutEverywhere, landSignedOut, signingOut: isLoading || endingAll };
}

/** After his account was deleted (issue 24): he lands signed out on the home page, with a word that it is done. */
export function useLeaveDeletedAccount() {
  const { landSignedOut } = useSignOut();
  const { toast } = useToast();
  return async (farewell: string) => {
    await landSignedOut();
    toast({ title: farewell, variant: 'info' });
  };
}
