import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router-dom';

const BEGIN_PATH = '/pre-journey';

/**
 * The original design named input, textarea, select, button and editable areas (docs/product.md#app-shell); links and ARIA
 * widgets are added because Enter is how a keyboard user activates them.
 */
const INTERACTIVE =
  'input, textarea, select, button, a[href], [contenteditable]:not([contenteditable="false"]), [role="button"], [role="link"], [role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [role="textbox"], [role="slider"]';

function isEnterToBegin(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.defaultPrevented || event.isComposing) return false;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || target.closest(INTERACTIVE))) return false;
  return true;
}

const isSignedInScreen = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as { signedIn?: unknown }).signedIn === true;

/**
 * Pressing Enter anywhere that is not a control starts the journey. Not on a signed-in screen
 * (route handle `signedIn`): a member pressing Enter on the page background stays where he is.
 */
export function useEnterToBegin() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedInScreen = useMatches().some((match) => isSignedInScreen(match.handle));

  useEffect(() => {
    if (signedInScreen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (pathname !== BEGIN_PATH && isEnterToBegin(event)) navigate(BEGIN_PATH);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, pathname, signedInScreen]);
}
