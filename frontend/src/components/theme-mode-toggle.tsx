import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { useColorMode } from '../lib/color-mode';

/**
 * Dark mode on or off. Until pressed the app follows the system setting; the choice is then
 * remembered (lib/color-mode). Place it on any screen.
 */
export function ThemeModeToggle(props: Omit<IconButtonProps, 'onClick' | 'aria-pressed' | 'aria-label'>) {
  const { mode, setMode } = useColorMode();
  const dark = mode === 'dark';
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
