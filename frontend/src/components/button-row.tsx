import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Calls to action side by side, wrapping on narrow screens. */
export function ButtonRow({
  center = false,
  spaced = false,
  children,
}: {
  readonly center?: boolean;
  readonly spaced?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        justifyContent: center ? 'center' : 'flex-start',
        mt: spaced ? 6 : 0,
      }}
    >
      {children}
    </Box>
  );
}
