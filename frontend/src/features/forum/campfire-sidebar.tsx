import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ARCHETYPES, DEFAULT_ARCHETYPE, type Archetype } from '@reflections/contracts/archetypes';
import type { ForumCategory } from '@reflections/contracts/forum';
import type { CircleFigures } from '@reflections/contracts/forum-circle';
import { Link as RouterLink } from 'react-router-dom';
import { ArchetypeIcon } from '../../components/archetype-icon';
import { CategoryFilter } from './category-filter';

/** docs/product.md#forum-boards: three fixed entries. */
const RECOMMENDED = [
  { name: 'Emotional Fitness', members: 248, activity: 'Very Active' },
  { name: 'Modern Warriors', members: 156, activity: 'Active' },
  { name: 'Mindful Leaders', members: 89, activity: 'Growing' },
] as const;

/** The member's circle among the 12 archetype groups, by the profile's primaryArchetype; The Peacemaker by default. */
export function circleOf(primaryArchetype: string | undefined): Archetype {
  return (
    Object.values(ARCHETYPES).find((archetype) => archetype.title === primaryArchetype) ?? ARCHETYPES[DEFAULT_ARCHETYPE]
  );
}

type CampfireSidebarProps = {
  readonly primaryArchetype: string | undefined;
  /** His circle's figures (signed in), from the read models. */
  readonly figures: CircleFigures | undefined;
  /** Whether the list shows his circle's posts. */
  readonly circleShown: boolean;
  readonly onShowCircle: () => void;
  readonly categories: readonly ForumCategory[];
  readonly selected: number | null;
  readonly onSelect: (categoryId: number | null) => void;
};

const sideCard = { borderRadius: 3 } as const;
const members = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;
const postsToday = (n: number) =>
  n === 0 ? 'no posts yet today' : `${n.toLocaleString('en-US')} ${n === 1 ? 'post' : 'posts'} today`;

export function CampfireSidebar({
  primaryArchetype,
  figures,
  circleShown,
  onShowCircle,
  categories,
  selected,
  onSelect,
}: CampfireSidebarProps) {
  const circle = circleOf(primaryArchetype);
  return (
    <Box component="aside" aria-label="Forum sidebar" sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      <Card variant="outlined" sx={sideCard} aria-labelledby="your-circle-heading">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Typography id="your-circle-heading" variant="overline" color="text.accent">
            Your Circle
          </Typography>
          <Typography variant="h6" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <ArchetypeIcon archetype={circle.id} color="secondary" /> {circle.groupName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {circle.groupDescription}
          </Typography>
          <Typography variant="body2">Your archetype: {circle.title}</Typography>
          {figures && (
            <Typography variant="body2" color="text.secondary">
              {members(figures.members)} · {postsToday(figures.postsToday)}
            </Typography>
          )}
          {primaryArchetype !== undefined && (
            <Button variant="outlined" color="secondary" aria-pressed={circleShown} onClick={onShowCircle}>
              View Group Activity
            </Button>
          )}
        </CardContent>
      </Card>

      {/* On a phone the categories sit above the posts instead (CampfireForumPage). */}
      <Card variant="outlined" sx={{ ...sideCard, display: { xs: 'none', md: 'block' } }}>
        <CardContent component="nav" aria-label="Categories" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="overline" color="text.accent">
            Categories
          </Typography>
          <CategoryFilter
            categories={categories}
            selected={circleShown ? undefined : selected}
            onSelect={onSelect}
            layout="list"
          />
        </CardContent>
      </Card>

      <Card variant="outlined" sx={sideCard}>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="overline" color="text.accent">
            Recommended Communities
          </Typography>
          {RECOMMENDED.map((community) => (
            <Box key={community.name}>
              <Typography variant="subtitle2">{community.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {community.members} members · {community.activity}
              </Typography>
            </Box>
          ))}
          <Button component={RouterLink} to="/digital-campfire" variant="text" color="secondary">
            Explore More Communities
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
