import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from './use-current-user';

/** Where a signed-in person belongs (docs/product.md#signed-in-screens): admins in the admin panel, members on their dashboard. */
export const homeOf = (role: string) => (role === 'admin' ? '/admin' : '/dashboard');

/**
 * For screens meant for visitors (sign-in, the journey): someone who arrives signed in is
 * sent on to their home instead of meeting a second sign-in or registration. Someone who
 * signs in or registers here is left to the screen's own welcome and redirect.
 * Nothing shows while asking, which takes a moment; a failed question counts as signed out.
 */
export function SendSignedInOn({ children }: { readonly children: ReactNode }) {
  const { user } = useCurrentUser();
  const [arrivedAs, setArrivedAs] = useState<string | null | undefined>(undefined);
  // Decided once, on the first answer (React's "adjust state while rendering" pattern).
  if (arrivedAs === undefined && user !== undefined) setArrivedAs(user?.role ?? null);
  if (arrivedAs === undefined) return null;
  if (arrivedAs !== null) return <Navigate to={homeOf(arrivedAs)} replace />;
  return children;
}
