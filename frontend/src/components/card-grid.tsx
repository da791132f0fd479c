import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Responsive columns for cards: one on phones, up to `columns` on wide screens. */
export function CardGrid({ columns = 3, children }: { readonly columns?: 2 | 3 | 4; readonly children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${columns}, 1fr)` },
      }}
    >
      {children}
    </Box>
  );
}
