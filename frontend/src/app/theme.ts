import { createTheme } from '@mui/material/styles';

/** Deep forest, ember and sand: a quiet room with a fire in it. */
const palette = {
  forest: '#1f3a2e',
  forestDeep: '#12241c',
  moss: '#4f6b55',
  ember: '#c8632b',
  emberDeep: '#9c4a1d',
  sand: '#f4ede1',
  sandDeep: '#e6dac6',
  bark: '#2b2520',
} as const;

const serif = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif';
const sans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: palette.forest, dark: palette.forestDeep, light: palette.moss, contrastText: palette.sand },
    secondary: { main: palette.ember, dark: palette.emberDeep, contrastText: '#fff' },
    background: { default: palette.sand, paper: '#fbf8f2' },
    text: { primary: palette.bark, secondary: '#5a5048' },
    divider: 'rgba(43, 37, 32, 0.12)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: sans,
    h1: { fontFamily: serif, fontWeight: 600, fontSize: 'clamp(2.25rem, 6vw, 4rem)', lineHeight: 1.1, letterSpacing: '-0.01em' },
    h2: { fontFamily: serif, fontWeight: 600, fontSize: 'clamp(1.85rem, 4.2vw, 2.75rem)', lineHeight: 1.15 },
    h3: { fontFamily: serif, fontWeight: 600, fontSize: 'clamp(1.5rem, 3vw, 2rem)', lineHeight: 1.2 },
    h4: { fontFamily: serif, fontWeight: 600, fontSize: '1.5rem' },
    h5: { fontFamily: serif, fontWeight: 600, fontSize: '1.25rem' },
    h6: { fontFamily: serif, fontWeight: 600, fontSize: '1.1rem' },
    subtitle1: { fontSize: '1.15rem', lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    overline: { letterSpacing: '0.2em', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.02em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': { animationDuration: '0.01ms !important', animationIterationCount: '1 !important', transitionDuration: '0.01ms !important' },
        },
        ':focus-visible': { outline: `3px solid ${palette.ember}`, outlineOffset: 2 },
      },
    },
    // ButtonBase resets outline to 0; give keyboard focus the same ember ring as everything else.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${palette.ember}`, outlineOffset: 2 } } },
    },
    // The ember ring shows keyboard focus; a pulsing ripple on top of it is noise.
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: '1.4em' },
        sizeLarge: { paddingBlock: '0.7em', fontSize: '1rem' },
      },
    },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid rgba(43, 37, 32, 0.1)' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
