import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Theme } from '@mui/material/styles';
import type { Choice } from '@reflections/contracts/onboarding';

/** Native radios and checkboxes dressed as cards: the whole card is the label, arrow keys and Space work as usual. */
const cardSx = (theme: Theme) => ({
  m: 0,
  px: 1.5,
  py: 0.75,
  width: '100%',
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  transition: 'border-color 150ms, background-color 150ms',
  '&:hover': { borderColor: 'primary.light' },
  '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: theme.alpha(theme.palette.primary.main, 0.1) },
  '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
  '& .MuiFormControlLabel-label': { py: 0.75, lineHeight: 1.4 },
});

type CardsProps<V> = {
  readonly labelledBy: string;
  readonly choices: readonly Choice[];
  readonly value: V;
  readonly onChange: (value: string) => void;
};

export function SingleChoiceCards({ labelledBy, choices, value, onChange }: CardsProps<string>) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ gap: 1 }}
    >
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.value}
          value={choice.value}
          control={<Radio />}
          label={choice.label}
          sx={cardSx}
        />
      ))}
    </RadioGroup>
  );
}

/** `onChange` receives the value that was ticked or unticked. */
export function MultipleChoiceCards({ labelledBy, choices, value, onChange }: CardsProps<readonly string[]>) {
  return (
    <FormGroup role="group" aria-labelledby={labelledBy} sx={{ gap: 1 }}>
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.value}
          control={<Checkbox checked={value.includes(choice.value)} onChange={() => onChange(choice.value)} />}
          label={choice.label}
          sx={cardSx}
        />
      ))}
    </FormGroup>
  );
}
