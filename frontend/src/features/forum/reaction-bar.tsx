import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { REACTION_KINDS, type ReactionKind, type ReactionsView } from '@reflections/contracts/forum-reactions';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { useReactToForumContentMutation } from './forum-api';

type ReactionBarProps = {
  readonly postId: string;
  readonly replyId?: string;
  readonly reactions: ReactionsView | undefined;
};

const KINDS = Object.keys(REACTION_KINDS) as ReactionKind[];

/**
 * Issue 26: "I hear you", "Been there", "Strength" under a post or a reply, with their counts.
 * A member gives or withdraws his own; the author alone sees who, never an anonymous one.
 */
export function ReactionBar({ postId, replyId, reactions }: ReactionBarProps) {
  const { user } = useCurrentUser();
  const [react, { isLoading }] = useReactToForumContentMutation();
  const [anonymously, setAnonymously] = useState(false);
  const { toast } = useToast();
  if (!reactions) return null;

  const toggle = async (kind: ReactionKind) => {
    try {
      await react({ postId, replyId, kind, given: !reactions.mine.includes(kind), isAnonymous: anonymously }).unwrap();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box role="group" aria-label="Support" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {KINDS.map((kind) => {
          const mine = reactions.mine.includes(kind);
          return (
            <Chip
              key={kind}
              size="small"
              label={`${REACTION_KINDS[kind]} · ${reactions.counts[kind]}`}
              color={mine ? 'secondary' : 'default'}
              variant={mine ? 'filled' : 'outlined'}
              aria-pressed={mine}
              disabled={!user || isLoading}
              onClick={() => void toggle(kind)}
            />
          );
        })}
        {user && (
          <FormControlLabel
            control={
              <Checkbox size="small" checked={anonymously} onChange={(event) => setAnonymously(event.target.checked)} />
            }
            label={<Typography variant="caption">Anonymously</Typography>}
          />
        )}
      </Box>
      {reactions.reactors && reactions.reactors.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {reactions.reactors.map((reactor) => `${reactor.name} (${REACTION_KINDS[reactor.kind]})`).join(', ')}
        </Typography>
      )}
    </Box>
  );
}
