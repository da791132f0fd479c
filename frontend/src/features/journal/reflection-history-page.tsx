import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JournalEntryView } from '@reflections/contracts/rai';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RaiReply } from '../../components/rai-reply';
import { errorMessage } from '../../lib/api';
import { useGetJournalEntriesQuery } from './journal-api';

const PAGE = 20;

const SOURCES: Record<string, string> = {
  'guided-journal': 'Guided reflection',
  'rai-chat': 'Chat with RAI',
  'ai-test': 'RAI test page',
};

function ReflectionCard({ entry }: { readonly entry: JournalEntryView }) {
  const date = new Date(entry.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card component="article" aria-label={`Reflection of ${date}`}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {date} · {SOURCES[entry.source] ?? entry.source}
          {entry.mood ? ` · ${entry.mood}` : ''}
        </Typography>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
          You wrote
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{entry.userResponse}</Typography>
        <Typography variant="subtitle2" component="h2">
          RAI
        </Typography>
        {entry.aiGuidance !== null ? (
          <RaiReply text={entry.aiGuidance}>
            {(words) => <Typography sx={{ whiteSpace: 'pre-line' }}>{words}</Typography>}
          </RaiReply>
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line' }} color="text.secondary">
            {entry.status === 'failed'
              ? 'RAI could not answer this one. Your words are kept here.'
              : 'RAI has not answered this one yet.'}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryPage({
  before,
  isLast,
  onMore,
}: {
  readonly before: string | null;
  readonly isLast: boolean;
  readonly onMore: (cursor: string) => void;
}) {
  const { data, isLoading, error } = useGetJournalEntriesQuery({ limit: PAGE, before });
  if (isLoading) return <Typography role="status">Loading your reflections…</Typography>;
  if (error) return <Typography color="error">Your reflections could not be loaded: {errorMessage(error)}</Typography>;
  if (!data) return null;
  return (
    <>
      {data.entries.map((entry) => (
        <ReflectionCard key={entry.id} entry={entry} />
      ))}
      {before === null && data.entries.length === 0 && (
        <Typography color="text.secondary">
          Nothing here yet. Your reflections and RAI's answers will be kept here, newest first.
        </Typography>
      )}
      {isLast && data.nextBefore && (
        <Box>
          <Button variant="outlined" onClick={() => onMore(data.nextBefore!)}>
            Show older reflections
          </Button>
        </Box>
      )}
    </>
  );
}

/** Every reflection the member wrote and RAI's answer to each, newest first. */
export default function ReflectionHistoryPage() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        Your Reflections
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Everything you have written to RAI, and what RAI said back. Only you can see this.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3 }}>
        <Button component={RouterLink} to="/member/ai-journal" variant="contained" color="secondary">
          New Reflection
        </Button>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Back to Dashboard
        </Button>
      </Stack>
      <Stack spacing={2}>
        {cursors.map((before, i) => (
          <HistoryPage
            key={before ?? 'newest'}
            before={before}
            isLast={i === cursors.length - 1}
            onMore={(cursor) => setCursors([...cursors, cursor])}
          />
        ))}
      </Stack>
    </Container>
  );
}
