import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WidgetCard } from './widget-card';

export type StatCardProps = {
  readonly title: string;
  readonly value: string | number | undefined;
  readonly caption?: ReactNode;
  readonly loading?: boolean;
  readonly error?: unknown;
};

/** One figure, large, with a line saying what it counts. */
export function StatCard({ title, value, caption, loading, error }: StatCardProps) {
  return (
    <WidgetCard title={title} loading={loading} error={error}>
      <Typography component="p" variant="h4" aria-live="polite">
        {value}
      </Typography>
      {caption && (
        <Typography variant="body2" color="text.secondary">
          {caption}
        </Typography>
      )}
    </WidgetCard>
  );
}
