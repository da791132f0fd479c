import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ForumCategory } from '@reflections/contracts/forum';
import { DELETED_BY_AUTHOR } from '@reflections/contracts/forum-edits';
import { ageFadeStyle } from './age-fade';
import { AwaitingReview } from './awaiting-review';
import { authorLabel } from './author-label';
import { CATEGORY_COLORS } from './category-style';
import type { CampfireCard } from './community-stories';
import { ContentActions } from './content-actions';
import { DeletedNote } from './content-state';
import { forumDate } from './forum-date';

export function CategoryBadge({ category }: { readonly category: ForumCategory | undefined }) {
  if (!category) return null;
  const color = CATEGORY_COLORS[category.color] ?? CATEGORY_COLORS.gray;
  return <Chip size="small" label={category.name} sx={{ bgcolor: color.bg, color: color.fg, fontWeight: 600 }} />;
}

/** docs/product.md#forum-boards, variant B: a post card, fading with age. */
export function CampfirePostCard({
  card,
  category,
  onOpen,
}: {
  readonly card: CampfireCard;
  readonly category: ForumCategory | undefined;
  readonly onOpen: () => void;
}) {
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={card.isDeleted ? DELETED_BY_AUTHOR : card.title}
      sx={{
        ...ageFadeStyle(card.createdAt),
        transformOrigin: 'center top',
        position: 'relative',
        minWidth: 0,
        outline: card.isHidden ? '2px dashed' : 'none',
        outlineColor: 'warning.main',
      }}
    >
      <CardActionArea onClick={onOpen} sx={{ p: 2.5, pr: { xs: 2.5, sm: 12 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {card.isDeleted ? (
            <DeletedNote variant="h6" component="h3" />
          ) : (
            <Typography variant="h6" component="h3" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {card.title}
            </Typography>
          )}
          {card.isPinned && <StarIcon fontSize="small" sx={{ color: '#d4a017' }} titleAccess="Pinned" />}
          {card.isSample && <Chip size="small" variant="outlined" color="secondary" label="Community Story" />}
          <AwaitingReview awaitingReview={card.awaitingReview} />
        </Box>
        <Typography
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            mb: 1.5,
          }}
        >
          {card.content}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {authorLabel(card)}
          </Typography>
          {card.userArchetype && (
            <Typography variant="body2" color="text.accent">
              {card.userArchetype}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {forumDate(card.createdAt)}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <ChatBubbleOutlineIcon fontSize="inherit" aria-hidden /> {card.replyCount}{' '}
            {card.replyCount === 1 ? 'reply' : 'replies'}
          </Typography>
          <CategoryBadge category={category} />
        </Box>
      </CardActionArea>
      {!card.isSample && (
        <Box sx={{ position: { sm: 'absolute' }, top: 8, right: 8, px: { xs: 1.5, sm: 0 }, pb: { xs: 1, sm: 0 } }}>
          <ContentActions postId={card.id} isHidden={card.isHidden} isPinned={card.isPinned} />
        </Box>
      )}
    </Card>
  );
}
