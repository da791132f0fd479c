import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

type LinkButtonProps = { readonly to: string } & Omit<ButtonProps<typeof RouterLink>, 'to' | 'component'>;

/** A button-looking link to another screen of the app. */
export function LinkButton({ to, ...button }: LinkButtonProps) {
  return <Button component={RouterLink} to={to} {...button} />;
}
