import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type InfoCardProps = {
  /** A small line above the title, e.g. "Step 1". */
  readonly label?: string;
  readonly title: string;
  readonly children: ReactNode;
};

/** A quiet bordered card with a title and a few lines of text. */
export function InfoCard({ label, title, children }: InfoCardProps) {
  return (
    <Box
      sx={{
        p: { xs: 3, md: 3.5 },
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: 2,
        border: '1px solid',
        borderColor: 'divider',
        height: '100%',
      }}
    >
      {label && (
        <Typography variant="overline" component="p" color="text.accent">
          {label}
        </Typography>
      )}
      <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography component="div" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}
