import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';

/**
 * Dark mode on or off. Until pressed the app follows the system setting; the choice is then
 * remembered in localStorage (the theme provider's mode storage). Place it on any screen.
 */
export function ThemeModeToggle(props: Omit<IconButtonProps, 'onClick' | 'aria-pressed' | 'aria-label'>) {
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <IconButton
      color="inherit"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? 'Dark mode is on' : 'Dark mode is off'}
      onClick={() => setMode(dark ? 'light' : 'dark')}
      {...props}
    >
      {dark ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
    </IconButton>
  );
}
