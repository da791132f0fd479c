import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ForumCategory } from '@reflections/contracts/forum';

export const ALL_TOPICS = 'all';

/** Variant A's topic grid: 'All Topics' plus every first-responder category. */
export function TopicGrid({ categories, selected, onSelect }: { readonly categories: readonly ForumCategory[]; readonly selected: string; readonly onSelect: (key: string) => void }) {
  const topics = [{ key: ALL_TOPICS, name: 'All Topics', description: 'Every discussion' }, ...categories];
  return (
    <Box component="nav" aria-label="Topics" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {topics.map((topic) => {
        const active = topic.key === selected;
        return (
          <ButtonBase
            key={topic.key}
            aria-pressed={active}
            onClick={() => onSelect(topic.key)}
            sx={{
              display: 'block',
              textAlign: 'left',
              p: 1.5,
              borderRadius: 2,
              border: '1px solid',
              borderColor: active ? 'secondary.main' : 'divider',
              bgcolor: active ? 'rgba(200, 99, 43, 0.08)' : 'background.paper',
            }}
          >
            <Typography variant="subtitle2" component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {topic.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {topic.description}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
