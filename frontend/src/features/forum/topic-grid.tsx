import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ForumCategory } from '@reflections/contracts/forum';

export const ALL_TOPICS = 'all';

/**
 * Variant A's topic grid: 'All Topics' plus every first-responder category. On a phone the
 * tiles are one row of names that scrolls sideways, so the discussions start on the first screen.
 */
export function TopicGrid({
  categories,
  selected,
  onSelect,
}: {
  readonly categories: readonly ForumCategory[];
  readonly selected: string;
  readonly onSelect: (key: string) => void;
}) {
  const topics = [{ key: ALL_TOPICS, name: 'All Topics', description: 'Every discussion' }, ...categories];
  return (
    <Box
      component="nav"
      aria-label="Topics"
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        gridTemplateColumns: { sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
        gridAutoFlow: { xs: 'column', sm: 'row' },
        gridAutoColumns: { xs: 'max-content', sm: 'auto' },
        overflowX: { xs: 'auto', sm: 'visible' },
        pb: { xs: 0.5, sm: 0 },
        scrollSnapType: 'x proximity',
        minWidth: 0,
      }}
    >
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
              p: { xs: 1, sm: 1.5 },
              scrollSnapAlign: 'start',
              borderRadius: 2,
              border: '1px solid',
              borderColor: active ? 'secondary.main' : 'divider',
              bgcolor: active ? 'rgba(200, 99, 43, 0.08)' : 'background.paper',
            }}
          >
            <Typography
              variant="subtitle2"
              component="span"
              sx={{ display: 'block', fontWeight: 700, whiteSpace: { xs: 'nowrap', sm: 'normal' } }}
            >
              {topic.name}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="span"
              sx={{ display: { xs: 'none', sm: 'block' } }}
            >
              {topic.description}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
