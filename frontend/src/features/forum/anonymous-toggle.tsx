import PersonIcon from '@mui/icons-material/Person';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** docs/product.md#forum-boards: the anonymous toggle shows who you appear as, with one of two icons. */
export function AnonymousToggle({
  checked,
  onChange,
  disabled,
}: {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          color="secondary"
        />
      }
      label={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          {checked ? (
            <VisibilityOffIcon fontSize="small" aria-hidden data-testid="anonymous-icon" />
          ) : (
            <PersonIcon fontSize="small" aria-hidden data-testid="named-icon" />
          )}
          {checked ? 'Posting anonymously' : 'Post anonymously'}
        </span>
      }
    />
  );
}
