import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { HASH_SCROLL_OFFSET_PX } from '../lib/use-hash-scroll';

type ExpandableSectionProps = {
  readonly id?: string;
  readonly title: string;
  /** One line shown while closed. */
  readonly summary?: string;
  readonly expanded?: boolean;
  readonly onChange?: (expanded: boolean) => void;
  readonly defaultExpanded?: boolean;
  readonly children: ReactNode;
};

/** A titled panel that opens in place; the title is the button. */
export function ExpandableSection({
  id,
  title,
  summary,
  expanded,
  onChange,
  defaultExpanded,
  children,
}: ExpandableSectionProps) {
  const headerId = useId();
  return (
    <Accordion
      id={id}
      expanded={expanded}
      defaultExpanded={defaultExpanded}
      onChange={(_event, isExpanded) => onChange?.(isExpanded)}
      disableGutters
      elevation={0}
      sx={{
        scrollMarginTop: HASH_SCROLL_OFFSET_PX,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        '&:before': { display: 'none' },
        '& + &': { mt: 2 },
      }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId} sx={{ px: { xs: 2.5, md: 4 }, py: 1.5 }}>
        <Box>
          <Typography variant="h4" component="h3">
            {title}
          </Typography>
          {summary && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {summary}
            </Typography>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 2.5, md: 4 }, pb: 4 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
