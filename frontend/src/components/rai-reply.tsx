import Box from '@mui/material/Box';
import { splitCrisisResources } from '@reflections/contracts/crisis';
import type { ReactNode } from 'react';
import { CrisisResources } from './crisis-resources';

/**
 * One of RAI's replies, finished or still streaming. A reply that opens with the crisis
 * resources (or is flagged as crisis) shows them once, at the top, as links to tap, and
 * then only RAI's own words, rendered by `children`.
 */
export function RaiReply({
  text,
  crisis = false,
  children,
}: {
  readonly text: string;
  readonly crisis?: boolean;
  readonly children: (words: string) => ReactNode;
}) {
  const { resources, words } = splitCrisisResources(text);
  return (
    <>
      {(resources || crisis) && (
        <Box sx={{ mb: 1.5 }}>
          <CrisisResources fromRai />
        </Box>
      )}
      {words !== '' && children(words)}
    </>
  );
}
