import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JournalPromptRequest, MAX_ENTRY_LENGTH, MOODS, RAI_MESSAGES, type Mood } from '@reflections/contracts/rai';
import { useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { CrisisProtocolLink } from '../../components/crisis-protocol-link';
import { RaiReply } from '../../components/rai-reply';
import { LimitedTextField, type TextLimit } from '../../components/limited-text-field';
import { PanelCard } from '../../components/panel-card';
import { api } from '../../lib/api';
import { RaiStreamFailure } from '../../lib/rai-stream';
import { endsSession, sessionEnded } from '../../lib/session-signal';
import { RAI_RESTING_TITLE, raiRestingMessage } from '../../lib/rai-resting';
import { newRequestId } from '../../lib/request-id';
import { serverFields, serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useCodecForm } from '../../lib/use-codec-form';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { cutAt, GUIDANCE_STREAM, streamGuidance, useGetJournalEntriesQuery } from './journal-api';

const STARTERS = [
  'Today I noticed…',
  "Something I haven't said out loud is…",
  "The weight I'm carrying right now is…",
  'I felt most like myself when…',
  'What I need right now is…',
];

const APPROACHES = [
  { title: 'Name it', text: 'Put a plain word to what you feel. Naming a feeling takes some of its weight off.' },
  { title: 'Follow the thread', text: 'Ask where it started and what it reminds you of.' },
  { title: 'Notice the body', text: 'Where do you feel it: jaw, chest, stomach, hands?' },
  { title: 'One small step', text: 'End with one thing you could do in the next day, however small.' },
];

const RECENT = 5;

/** Keyboard and screen-reader users land on RAI's answer when the view changes to it. */
const focusOnArrival = (element: HTMLElement | null) => element?.focus();
const WORDS_LIMIT: TextLimit = { max: MAX_ENTRY_LENGTH, tooLong: RAI_MESSAGES.tooLong };

type Answered = { readonly text: string; readonly guidance: string; readonly crisis: boolean };

/** Guided Reflection (docs/product.md#guided-reflection): mood and words in, RAI's guidance out. */
export default function AiJournalPage() {
  const { user } = useCurrentUser();
  // The draft key is the one the plain-text draft had: a draft kept before the form is read into the words.
  const form = useCodecForm(
    JournalPromptRequest,
    { userInput: '', mood: '' as Mood | '' },
    { draftKey: user ? `journal.${user.id}` : null, draftTextField: 'userInput' },
  );
  const text = form.values.userInput;
  const [answered, setAnswered] = useState<Answered | null>(null);
  // RAI's guidance as it is written; null when none is being written.
  const [streaming, setStreaming] = useState<Answered | null>(null);
  // Said to a screen reader once, not chunk by chunk as the guidance is written.
  const [announcement, setAnnouncement] = useState('');
  const requestId = useRef<string | null>(null);
  const { data: recent } = useGetJournalEntriesQuery({ limit: RECENT });
  const dispatch = useDispatch();
  const { toast } = useToast();

  const submit = async (request: JournalPromptRequest) => {
    requestId.current ??= newRequestId();
    setStreaming({ text: request.userInput, guidance: '', crisis: false });
    setAnnouncement('RAI is reflecting');
    try {
      const result = await streamGuidance({ ...request, clientRequestId: requestId.current }, (chunk) =>
        setStreaming((sofar) => sofar && { ...sofar, guidance: sofar.guidance + chunk }),
      );
      requestId.current = null;
      setAnswered({ text: request.userInput, guidance: result.aiGuidance, crisis: result.crisis });
      setAnnouncement(`RAI's guidance: ${result.aiGuidance}`);
      form.reset({ mood: request.mood });
      toast({ title: 'Reflection received', variant: 'success' });
      dispatch(api.util.invalidateTags(['Journal']));
    } catch (error) {
      setAnnouncement('');
      const status = error instanceof RaiStreamFailure ? error.status : null;
      const body = error instanceof RaiStreamFailure ? error.body : null;
      // The session ended: the app takes the member to sign in and back here; the draft stays.
      if (endsSession(status, GUIDANCE_STREAM)) {
        dispatch(sessionEnded());
        return;
      }
      // A spent quota: calm words, and the draft stays to send later.
      const resting = raiRestingMessage(status, body);
      if (resting) toast({ title: RAI_RESTING_TITLE, description: resting, variant: 'info' });
      else {
        // The server's own words for what it refused (a field's message), never a generic failure that can never succeed.
        const message = serverMessage(body, 'Failed to process your reflection. Please try again.');
        form.refuse(serverFields(body), { at: 'userInput', message });
        toast({ title: 'Not sent', description: message, variant: 'destructive' });
      }
    } finally {
      setStreaming(null);
    }
  };
  const shown = streaming ?? answered;

  const newReflection = () => {
    setAnswered(null);
    form.reset();
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        Guided Reflection
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
        Write what is on your mind. RAI, your reflection guide, will answer with a few questions and thoughts to help
        you go further. RAI is an AI, not a therapist. <CrisisProtocolLink />.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          overflowWrap: 'anywhere',
        }}
      >
        {shown ? (
          <Card component="section" aria-labelledby="guidance-title" aria-busy={streaming !== null}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography
                id="guidance-title"
                ref={focusOnArrival}
                tabIndex={-1}
                variant="h4"
                component="h2"
                sx={{ mb: 2, outline: 'none' }}
              >
                RAI's Guidance
              </Typography>
              <Typography variant="subtitle2" component="h3">
                You wrote
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }} color="text.secondary">
                {shown.text}
              </Typography>
              {streaming?.guidance === '' ? (
                <Typography color="text.secondary" sx={{ fontStyle: 'italic', mb: 3 }}>
                  RAI is reflecting…
                </Typography>
              ) : (
                <RaiReply text={shown.guidance} crisis={shown.crisis}>
                  {(words) => <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{words}</Typography>}
                </RaiReply>
              )}
              {answered && !streaming && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button variant="contained" color="secondary" onClick={newReflection}>
                    New Reflection
                  </Button>
                  <Button variant="outlined" onClick={() => setAnswered(null)}>
                    Continue This Thread
                  </Button>
                </Stack>
              )}
            </CardContent>
          </Card>
        ) : (
          <Card component="section" aria-labelledby="write-title">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="write-title" variant="h4" component="h2" sx={{ mb: 2 }}>
                Your Reflection
              </Typography>
              <Stack component="form" onSubmit={(event) => void form.onSubmit(submit)(event)} noValidate spacing={2}>
                <TextField
                  select
                  label="How are you feeling?"
                  {...form.field('mood')}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">Choose a mood</option>
                  {MOODS.map((m) => (
                    <option key={m} value={m}>
                      {m[0].toUpperCase() + m.slice(1)}
                    </option>
                  ))}
                </TextField>
                <LimitedTextField
                  label="What's on your mind?"
                  multiline
                  minRows={6}
                  limit={WORDS_LIMIT}
                  {...form.field('userInput', 'Kept in this browser until you send it.')}
                />
                <Box>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                    Need a way in? Start with:
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {STARTERS.map((starter) => (
                      <Chip
                        key={starter}
                        label={starter}
                        onClick={() =>
                          form.set('userInput', text.trim() === '' ? starter : `${text.trimEnd()}\n${starter}`)
                        }
                        variant="outlined"
                      />
                    ))}
                  </Stack>
                </Box>
                <Box>
                  <Button type="submit" variant="contained" color="secondary" size="large">
                    Get Guidance
                  </Button>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        )}
        <Stack spacing={3}>
          <PanelCard
            title="Recent Reflections"
            action={
              <Link component={RouterLink} to="/member/reflections">
                See all
              </Link>
            }
          >
            {recent && recent.entries.length === 0 && (
              <Typography color="text.secondary">Your reflections will appear here.</Typography>
            )}
            <List disablePadding>
              {recent?.entries.map((entry) => (
                <ListItem key={entry.id} disableGutters divider>
                  <ListItemText
                    primary={cutAt(entry.userResponse)}
                    secondary={new Date(entry.createdAt).toLocaleDateString()}
                  />
                </ListItem>
              ))}
            </List>
          </PanelCard>
          <PanelCard title="Approaches">
            <List disablePadding>
              {APPROACHES.map((approach) => (
                <ListItem key={approach.title} disableGutters>
                  <ListItemText primary={approach.title} secondary={approach.text} />
                </ListItem>
              ))}
            </List>
          </PanelCard>
        </Stack>
      </Box>
    </Container>
  );
}
