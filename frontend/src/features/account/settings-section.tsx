import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of /member/settings: its heading names the section for a screen reader, then what it holds. */
export function SettingsSection({
  id,
  title,
  note,
  children,
}: {
  readonly id: string;
  readonly title: string;
  /** What the section does, in a line above its controls. */
  readonly note?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {note && (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          )}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
