import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type PanelCardProps = {
  readonly title: string;
  /** Beside the title, e.g. a link or a small button. */
  readonly action?: ReactNode;
  readonly children: ReactNode;
};

/** A titled card that is also a named region, so screen-reader users can jump between them. */
export function PanelCard({ title, action, children }: PanelCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', bgcolor: 'background.paper' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={titleId} variant="h5" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
