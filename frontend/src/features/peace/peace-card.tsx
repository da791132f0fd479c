import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PEACE_SECTIONS, type PeaceSectionId } from '@reflections/contracts/peace';
import { useState } from 'react';
import { PanelCard } from '../../components/panel-card';
import { useGetPeaceSummaryQuery } from './peace-api';
import { PeaceDialog } from './peace-dialog';

/**
 * Five buttons, one per section, each with how many of its three questions the member has answered
 * ("2 of 3"), counted from which questions he answered, in whatever order: a question answered
 * twice counts once.
 */
export function PeaceCard() {
  const { data } = useGetPeaceSummaryQuery();
  const [open, setOpen] = useState<PeaceSectionId | null>(null);
  const answered = (id: PeaceSectionId): readonly number[] =>
    data?.sections.find((s) => s.section === id)?.answeredPrompts ?? [];

  return (
    <PanelCard title="P.E.A.C.E.">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Purpose, Ethos, Autonomy, Connection, Enjoyment: three questions each, answered in your own time.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1 }}>
        {PEACE_SECTIONS.map((section) => (
          <Button
            key={section.id}
            variant="outlined"
            color="primary"
            onClick={() => setOpen(section.id)}
            sx={{ borderRadius: 2, flexDirection: 'column', py: 1.5, px: 1, minWidth: 0 }}
          >
            <Typography component="span" aria-hidden sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1 }}>
              {section.letter}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {section.title}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {`${answered(section.id).length} of ${section.prompts.length} answered`}
            </Typography>
          </Button>
        ))}
      </Box>
      <PeaceDialog section={open} answered={open ? answered(open) : []} onClose={() => setOpen(null)} />
    </PanelCard>
  );
}
