import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CategoryIcon, ForumCategory } from '@reflections/contracts/forum';
import { CategoryIconOf } from './category-style';

type CategoryFilterProps = {
  readonly categories: readonly ForumCategory[];
  /** undefined: none is marked (the board shows his circle instead). */
  readonly selected: number | null | undefined;
  readonly onSelect: (categoryId: number | null) => void;
  /** 'list' in the sidebar; 'row' above the posts on a phone, one line that scrolls sideways. */
  readonly layout: 'list' | 'row';
};

/** Variant B's category choice: 'All Discussions' and each category, the chosen one marked. */
export function CategoryFilter({ categories, selected, onSelect, layout }: CategoryFilterProps) {
  const choice = (active: boolean) => ({
    justifyContent: 'flex-start',
    flexShrink: 0,
    whiteSpace: layout === 'row' ? 'nowrap' : 'normal',
    borderRadius: 2,
    bgcolor: active ? 'rgba(200, 99, 43, 0.12)' : 'transparent',
    color: active ? 'text.accent' : 'text.primary',
    ...(layout === 'row' && { border: '1px solid', borderColor: active ? 'secondary.main' : 'divider' }),
  });
  const options: readonly { id: number | null; name: string; icon: CategoryIcon }[] = [
    { id: null, name: 'All Discussions', icon: 'MessageSquare' },
    ...categories,
  ];
  return (
    <Box
      sx={
        layout === 'row'
          ? {
              display: 'flex',
              gap: 1,
              overflowX: 'auto',
              pb: 0.5,
              scrollSnapType: 'x proximity',
              '& > *': { scrollSnapAlign: 'start' },
            }
          : { display: 'grid', gap: 0.5 }
      }
    >
      {options.map((option) => (
        <Button
          key={option.id ?? 'all'}
          aria-pressed={selected === option.id}
          sx={choice(selected === option.id)}
          onClick={() => onSelect(option.id)}
          startIcon={<CategoryIconOf icon={option.icon} />}
        >
          {option.name}
        </Button>
      ))}
    </Box>
  );
}
