import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** Where the person's light/dark choice is remembered. */
export const COLOR_MODE_STORAGE_KEY = 'reflections.theme-mode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystem(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(DARK_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const systemIsDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

function rememberedChoice(): ColorMode | null {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

export type ColorModeControl = { readonly mode: ColorMode; readonly setMode: (mode: ColorMode) => void };

/**
 * Light or dark: the system's setting, followed live, until the person chooses; the choice is
 * then remembered in localStorage (a storage that refuses only means it lasts this visit).
 */
export function useColorModeControl(): ColorModeControl {
  const systemDark = useSyncExternalStore(subscribeToSystem, systemIsDark, () => false);
  const [choice, setChoice] = useState(rememberedChoice);
  const setMode = useCallback((mode: ColorMode) => {
    try {
      window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
    } catch {
      // Remembered for this visit only.
    }
    setChoice(mode);
  }, []);
  const mode = choice ?? (systemDark ? 'dark' : 'light');
  return useMemo(() => ({ mode, setMode }), [mode, setMode]);
}

export const ColorModeContext = createContext<ColorModeControl | null>(null);

export function useColorMode(): ColorModeControl {
  const control = useContext(ColorModeContext);
  if (!control) throw new Error('useColorMode needs the app providers');
  return control;
}
