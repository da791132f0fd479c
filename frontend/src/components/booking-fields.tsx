import TextField from '@mui/material/TextField';
import { SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '@reflections/contracts/bookings';

type FieldProps<T> = {
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** The form's id and message for the field (useCodecForm's `status`). */
  readonly id: string;
  readonly error: boolean;
  readonly helperText: string;
};

/** The coaching / retreat / workshop choice, shared by the member's booking form and the admin's booking dialog. */
export function ServiceTypeSelect({ value, onChange, ...field }: FieldProps<ServiceType>) {
  return (
    <TextField
      {...field}
      select
      value={value}
      onChange={(event) => onChange(event.target.value as ServiceType)}
      slotProps={{ select: { native: true } }}
    >
      {SERVICE_TYPES.map((type) => (
        <option key={type} value={type}>
          {SERVICE_TYPE_LABELS[type]}
        </option>
      ))}
    </TextField>
  );
}

/** A session's date and time, typed in the user's local time. */
export function ScheduledAtField({ value, onChange, ...field }: FieldProps<string>) {
  return (
    <TextField
      {...field}
      type="datetime-local"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** datetime-local gives the user's local time; the server keeps UTC. An empty field stays empty so the codec names it. */
export const scheduledAtUtc = (local: string) => (local ? new Date(local).toISOString() : '');
