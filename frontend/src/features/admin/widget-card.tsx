import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api';

export type WidgetCardProps = {
  readonly title: string;
  readonly subtitle?: string;
  readonly action?: ReactNode;
  readonly loading?: boolean;
  readonly error?: unknown;
  readonly children?: ReactNode;
};

/** The frame of every admin widget: a titled region, with its loading and error states. */
export function WidgetCard({ title, subtitle, action, loading = false, error, children }: WidgetCardProps) {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <div>
            <Typography id={titleId} component="h2" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="caption" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </div>
          {action}
        </Stack>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : loading ? (
          <Skeleton variant="rounded" height={56} aria-label={`Loading ${title}`} />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
