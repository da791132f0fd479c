import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ARCHETYPES, DEFAULT_ARCHETYPE, type Archetype } from '@reflections/contracts/archetypes';
import type { ForumCategory } from '@reflections/contracts/forum';
import type { CircleFigures } from '@reflections/contracts/forum-circle';
import { Link as RouterLink } from 'react-router-dom';
import { CategoryIconOf } from './category-style';

/** Spec 001 §2: three fixed entries. */
const RECOMMENDED = [
  { name: 'Emotional Fitness', members: 248, activity: 'Very Active' },
  { name: 'Modern Warriors', members: 156, activity: 'Active' },
  { name: 'Mindful Leaders', members: 89, activity: 'Growing' },
] as const;

/** The member's circle among the 12 archetype groups, by the profile's primaryArchetype; The Peacemaker by default. */
export function circleOf(primaryArchetype: string | undefined): Archetype {
  return Object.values(ARCHETYPES).find((archetype) => archetype.title === primaryArchetype) ?? ARCHETYPES[DEFAULT_ARCHETYPE];
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
const postsToday = (n: number) => (n === 0 ? 'no posts yet today' : `${n.toLocaleString('en-US')} ${n === 1 ? 'post' : 'posts'} today`);

export function CampfireSidebar({ primaryArchetype, figures, circleShown, onShowCircle, categories, selected, onSelect }: CampfireSidebarProps) {
  const circle = circleOf(primaryArchetype);
  const choice = (active: boolean) => ({ justifyContent: 'flex-start', borderRadius: 2, bgcolor: active ? 'rgba(200, 99, 43, 0.12)' : 'transparent', color: active ? 'text.accent' : 'text.primary' });
  return (
    <Box component="aside" aria-label="Forum sidebar" sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      <Card variant="outlined" sx={sideCard} aria-labelledby="your-circle-heading">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Typography id="your-circle-heading" variant="overline" color="text.accent">
            Your Circle
          </Typography>
          <Typography variant="h6" component="p">
            <span aria-hidden>{circle.symbol}</span> {circle.groupName}
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

      <Card variant="outlined" sx={sideCard}>
        <CardContent component="nav" aria-label="Categories" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="overline" color="text.accent">
            Categories
          </Typography>
          <Button aria-pressed={selected === null && !circleShown} sx={choice(selected === null && !circleShown)} onClick={() => onSelect(null)} startIcon={<CategoryIconOf icon="MessageSquare" />}>
            All Discussions
          </Button>
          {categories.map((category) => (
            <Button key={category.id} aria-pressed={selected === category.id} sx={choice(selected === category.id)} onClick={() => onSelect(category.id)} startIcon={<CategoryIconOf icon={category.icon} />}>
              {category.name}
            </Button>
          ))}
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
