import { useContext } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { sessionEnded } from '../../lib/session-signal';
import { useToast } from '../../lib/toast';
import { LeavingOnPurpose } from './require-auth';
import { useLogoutMutation } from './session-api';

/**
 * Signing out on purpose: the server ends the session, the member lands on the home page,
 * and only then does the tab forget him (so no guard mistakes it for a session that ended)
 * and tell its other tabs, which follow.
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const { toast } = useToast();
  const leaving = useContext(LeavingOnPurpose);
  const signOut = async () => {
    try {
      await logout().unwrap();
      leaving?.();
      await navigate('/');
      dispatch(sessionEnded());
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return { signOut, signingOut: isLoading };
}
