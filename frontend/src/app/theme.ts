import { createTheme, type PaletteOptions } from '@mui/material/styles';
import type { ColorMode } from '../lib/color-mode';

/**
 * Deep forest, ember and sand: a quiet room with a fire in it. Every pairing the screens use
 * meets WCAG 2.1 AA (4.5:1 for text), in light and in dark; the accessibility gate
 * (frontend/e2e/accessibility.e2e.test.ts) checks every screen against it.
 */
const colors = {
  forest: '#1f3a2e',
  forestDeep: '#12241c',
  forestNight: '#0d1a14',
  forestNightPaper: '#15281f',
  moss: '#4f6b55',
  sage: '#a7c9ae',
  /** The flame of the logo and the focus ring; too light to carry white text. */
  ember: '#c8632b',
  /** Buttons with white text (4.95:1). */
  emberButton: '#b35522',
  emberButtonHover: '#9c4a1d',
  /** Ember text on sand and paper (5.3:1 and more). */
  emberInk: '#9c4a1d',
  /** Ember text on forest and on the dark scheme's backgrounds (5.8:1 and more). */
  emberGlow: '#e8a27a',
  sand: '#f4ede1',
  sandDeep: '#e6dac6',
  paper: '#fbf8f2',
  bark: '#2b2520',
  barkSoft: '#5a5048',
  sandSoft: '#cdc3b3',
} as const;

declare module '@mui/material/styles' {
  /** The dark green surfaces (heroes, bands, footer) that stay dark in both schemes. */
  interface ForestSurface {
    main: string;
    dark: string;
    contrastText: string;
    /** Ember text readable on these surfaces. */
    accent: string;
  }
  interface Palette {
    forest: ForestSurface;
  }
  interface PaletteOptions {
    forest?: ForestSurface;
  }
  interface TypeText {
    /** Ember text readable on the page's own background. */
    accent: string;
  }
}

const forest = { main: colors.forest, dark: colors.forestDeep, contrastText: colors.sand, accent: colors.emberGlow };

const serif = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif';
const sans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const focusRing = { outline: `3px solid ${colors.ember}`, outlineOffset: 2 };

const palettes: Record<ColorMode, PaletteOptions> = {
  light: {
    mode: 'light',
    primary: { main: colors.forest, dark: colors.forestDeep, light: colors.moss, contrastText: colors.sand },
    secondary: {
      main: colors.emberButton,
      dark: colors.emberButtonHover,
      light: colors.emberGlow,
      contrastText: '#fff',
    },
    forest,
    background: { default: colors.sand, paper: colors.paper },
    text: { primary: colors.bark, secondary: colors.barkSoft, accent: colors.emberInk },
    divider: 'rgba(43, 37, 32, 0.12)',
  },
  dark: {
    mode: 'dark',
    primary: { main: colors.sage, dark: '#86ad8f', light: '#c4dcc9', contrastText: colors.forestDeep },
    secondary: {
      main: colors.emberButton,
      dark: colors.emberButtonHover,
      light: colors.emberGlow,
      contrastText: '#fff',
    },
    forest,
    background: { default: colors.forestNight, paper: colors.forestNightPaper },
    text: { primary: colors.sand, secondary: colors.sandSoft, accent: colors.emberGlow },
    divider: 'rgba(244, 237, 225, 0.14)',
  },
};

/**
 * The theme in light or dark (the person's choice, or the system's: see lib/color-mode).
 * Two plain themes rather than MUI's CSS-variable colour schemes, whose provider would not
 * fit the home route's download budget.
 */
const createAppTheme = (mode: ColorMode) =>
  createTheme({
    palette: palettes[mode],
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: sans,
      h1: {
        fontFamily: serif,
        fontWeight: 600,
        fontSize: 'clamp(2.25rem, 6vw, 4rem)',
        lineHeight: 1.1,
        letterSpacing: '-0.01em',
      },
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
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
            },
          },
          ':focus-visible': focusRing,
          // Headings take focus after navigation (use-route-focus) to be read out, not to be operated.
          'h1[tabindex="-1"]:focus': { outline: 'none' },
        },
      },
      // ButtonBase resets outline to 0; give keyboard focus the same ember ring as everything else.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      // The ember ring shows keyboard focus; a pulsing ripple on top of it is noise.
      MuiButton: {
        defaultProps: { disableElevation: true, disableFocusRipple: true },
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: 999,
            paddingInline: '1.4em',
            // Ember text (outlined and text buttons) in the ink that reads on the page in either scheme;
            // the button ember is for white text on it.
            variants: [
              {
                props: { color: 'secondary', variant: 'outlined' },
                style: { color: theme.palette.text.accent, borderColor: theme.palette.text.accent },
              },
              { props: { color: 'secondary', variant: 'text' }, style: { color: theme.palette.text.accent } },
            ],
          }),
          sizeLarge: { paddingBlock: '0.7em', fontSize: '1rem' },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: [
              {
                props: { color: 'secondary', variant: 'outlined' },
                style: { color: theme.palette.text.accent, borderColor: theme.palette.text.accent },
              },
            ],
          }),
        },
      },
      MuiIconButton: { defaultProps: { disableFocusRipple: true } },
      // Links in running text are underlined, so colour is never the only thing marking them.
      MuiLink: { defaultProps: { underline: 'always' }, styleOverrides: { root: { textUnderlineOffset: '0.18em' } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }) },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });

export const themes: Record<ColorMode, ReturnType<typeof createAppTheme>> = {
  light: createAppTheme('light'),
  dark: createAppTheme('dark'),
};
