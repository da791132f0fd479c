import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_ENTRY_LENGTH, ProcessJournalRequest, RAI_MESSAGES } from '@reflections/contracts/rai';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useDispatch } from 'react-redux';
import { CrisisProtocolLink } from '../../components/crisis-protocol-link';
import { useTextLimit, type TextLimit } from '../../components/limited-text-field';
import { PanelCard } from '../../components/panel-card';
import { RaiReply } from '../../components/rai-reply';
import { api } from '../../lib/api';
import { RAI_RESTING_TITLE, raiRestingMessage } from '../../lib/rai-resting';
import { newRequestId } from '../../lib/request-id';
import { serverMessage } from '../../lib/server-message';
import { endsSession, sessionEnded } from '../../lib/session-signal';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useGetChatHistoryQuery } from './chat-history-api';
import { conversationFrom, type ChatMessage, type LocalMessage } from './conversation';
import { RaiStreamFailure, streamRaiReply } from './rai-stream';

const GREETING: ChatMessage = {
  id: 'greeting',
  type: 'rai',
  content:
    "I'm RAI, your reflection guide. What's on your mind today? I'm not a therapist, but I'm here to listen and help you think it through.",
};

const FALLBACK_ERROR = 'RAI is thinking deeply. Please try again in a moment.';
const NO_CONNECTION = 'The connection was lost before RAI answered.';
const MESSAGE_LIMIT: TextLimit = { max: MAX_ENTRY_LENGTH, tooLong: RAI_MESSAGES.tooLong };

/** Why a message was not sent, in words for the member: the server's own (a field, a quota), never its raw body. */
function failureOf(error: unknown): string {
  if (!(error instanceof RaiStreamFailure)) return NO_CONNECTION;
  return (
    raiRestingMessage(error.status, error.body) ??
    serverMessage(error.body, error.status === null ? NO_CONNECTION : FALLBACK_ERROR)
  );
}

/**
 * The RAI chat of the dashboard (docs/product.md#rai-chat): the reply appears as RAI writes it.
 * The conversation is the member's journal (his last 20 chat messages and RAI's replies),
 * rebuilt on every load, so a reload or a navigation loses nothing (issue 25).
 */
export function RaiChatPanel({ memberId }: { readonly memberId: string }) {
  const history = useGetChatHistoryQuery();
  const [local, setLocal] = useState<LocalMessage[]>([]);
  const [attachment, setAttachment] = useState<File | null>(null);
  // The draft key is the one the plain-text draft had: a message kept before the form is read into it.
  const form = useCodecForm(
    ProcessJournalRequest,
    { journalEntry: '' },
    {
      draftKey: `chat.${memberId}`,
      draftTextField: 'journalEntry',
      // An attachment alone is sent as a sentence saying what he shares.
      toRequest: ({ journalEntry }) => ({
        journalEntry:
          journalEntry.trim() === '' && attachment
            ? `I'm sharing ${attachment.type.startsWith('video/') ? 'a video' : 'an image'} (${attachment.name}).`
            : journalEntry,
      }),
    },
  );
  const text = form.values.journalEntry;
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const listEnd = useRef<HTMLDivElement>(null);
  const dispatch = useDispatch();
  const { toast } = useToast();
  const limit = useTextLimit(
    text,
    MESSAGE_LIMIT,
    form.errors.journalEntry ?? 'Enter sends, Shift+Enter starts a new line.',
  );
  const messages = [GREETING, ...conversationFrom(history.data ?? [], local)];

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, streaming]);

  const canSend = !pending && !limit.over && (text.trim() !== '' || attachment !== null);

  const deliver = async (requestId: string, content: string, fromDraft: boolean) => {
    const update = (change: Partial<LocalMessage>) =>
      setLocal((current) => current.map((m) => (m.requestId === requestId ? { ...m, ...change } : m)));
    // One unsent message at a time: a new one takes the place of one that failed.
    setLocal((current) => [
      ...current.filter((m) => m.delivery === 'sent' && m.requestId !== requestId),
      { requestId, content, delivery: 'sending' },
    ]);
    setPending(true);
    setStreaming('');
    setAnnouncement('RAI is typing');
    try {
      const reply = await streamRaiReply({ journalEntry: content, clientRequestId: requestId }, (chunk) =>
        setStreaming((sofar) => (sofar ?? '') + chunk),
      );
      update({ delivery: 'sent', entryId: reply.entryId, reply: { content: reply.response, crisis: reply.crisis } });
      setAnnouncement(`RAI replied: ${reply.response}`);
      if (fromDraft) {
        form.reset();
        setAttachment(null);
      }
      dispatch(api.util.invalidateTags(['Journal']));
    } catch (error) {
      // The session ended: the app takes the member to sign in and back; the draft stays.
      if (error instanceof RaiStreamFailure && endsSession(error.status, '/api/ai/rai/process-journal/stream')) {
        update({ delivery: 'failed', failure: 'Not sent: please sign in again.' });
        setAnnouncement('');
        dispatch(sessionEnded());
        return;
      }
      const failure = failureOf(error);
      update({ delivery: 'failed', failure });
      setAnnouncement('');
      // A spent quota gets calm words; the words stay in the box and in the failed message, to send again.
      const resting = error instanceof RaiStreamFailure ? raiRestingMessage(error.status, error.body) : null;
      toast(
        resting
          ? { title: RAI_RESTING_TITLE, description: resting, variant: 'info' }
          : { title: 'Not sent', description: failure, variant: 'destructive' },
      );
    } finally {
      setPending(false);
      setStreaming(null);
    }
  };

  const send = () => {
    if (canSend) void form.onSubmit((request) => deliver(newRequestId(), request.journalEntry, true))();
  };

  const tryAgain = (message: ChatMessage) => {
    const failed = local.find((m) => `${m.requestId}-user` === message.id);
    // The same request id: if the first attempt reached RAI after all, the server answers it once.
    if (failed && !pending) void deliver(failed.requestId, failed.content, failed.content === text.trim());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !/^(image|video)\//.test(file.type)) {
      toast({ title: 'Unsupported file', description: 'Please choose an image or a video.', variant: 'destructive' });
    } else {
      setAttachment(file);
    }
    event.target.value = '';
  };

  return (
    <PanelCard title="Talk with RAI">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        RAI is an AI, not a therapist or a person. <CrisisProtocolLink />.
      </Typography>
      <Box
        component="ul"
        aria-label="Conversation with RAI"
        tabIndex={0}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 1,
          display: 'grid',
          gap: 1.5,
          maxHeight: { xs: 360, md: 420 },
          minHeight: 200,
          overflowY: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 2,
        }}
      >
        {history.isError && (
          <Typography component="li" variant="body2" color="text.secondary">
            Earlier messages could not be loaded just now.
          </Typography>
        )}
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} onTryAgain={pending ? undefined : () => tryAgain(message)} />
        ))}
        {streaming !== null && (
          <Box component="li" sx={{ justifySelf: 'start', maxWidth: '85%' }}>
            <Typography variant="caption" color="text.secondary">
              RAI
            </Typography>
            <Box
              sx={{
                p: 1.5,
                borderRadius: 2,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                whiteSpace: 'pre-line',
              }}
            >
              {streaming === '' ? (
                <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
                  RAI is typing…
                </Typography>
              ) : (
                <RaiReply text={streaming}>{(words) => words}</RaiReply>
              )}
            </Box>
          </Box>
        )}
        <div ref={listEnd} />
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {attachment && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Chip label={`Attached: ${attachment.name}`} />
          <Button size="small" onClick={() => setAttachment(null)} aria-label={`Remove ${attachment.name}`}>
            Remove
          </Button>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'flex-end' }}>
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          hidden
          onChange={choose}
          aria-label="Choose an image or video"
        />
        <IconButton aria-label="Attach an image or video" onClick={() => fileInput.current?.click()} disabled={pending}>
          <AttachFileIcon />
        </IconButton>
        <TextField
          label="Message RAI"
          multiline
          maxRows={5}
          fullWidth
          {...form.field('journalEntry')}
          onKeyDown={onKeyDown}
          error={limit.over || form.errors.journalEntry !== undefined}
          helperText={limit.helper}
        />
        <IconButton aria-label="Send message" color="secondary" onClick={send} disabled={!canSend} sx={{ mb: 3 }}>
          <SendIcon />
        </IconButton>
      </Stack>
    </PanelCard>
  );
}

function ChatBubble({ message, onTryAgain }: { readonly message: ChatMessage; readonly onTryAgain?: () => void }) {
  const mine = message.type === 'user';
  const failed = message.delivery === 'failed';
  const bubble = (words: string) => (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
        bgcolor: mine && !failed ? 'primary.main' : 'background.paper',
        color: mine && !failed ? 'primary.contrastText' : 'text.primary',
        border: mine && !failed ? 0 : 1,
        borderColor: failed ? 'error.main' : 'divider',
        borderStyle: failed ? 'dashed' : 'solid',
      }}
    >
      {words}
    </Box>
  );
  const label = mine ? (failed ? 'You · not sent' : message.delivery === 'sending' ? 'You · sending…' : 'You') : 'RAI';
  return (
    <Box component="li" sx={{ justifySelf: mine ? 'end' : 'start', maxWidth: '85%', minWidth: 0 }}>
      <Typography
        variant="caption"
        color={failed ? 'error' : 'text.secondary'}
        sx={{ display: 'block', textAlign: mine ? 'right' : 'left' }}
      >
        {label}
      </Typography>
      {mine ? (
        bubble(message.content)
      ) : (
        <RaiReply text={message.content} crisis={message.crisis}>
          {bubble}
        </RaiReply>
      )}
      {failed && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
            {message.failure}
          </Typography>
          {onTryAgain && (
            <Button size="small" onClick={onTryAgain}>
              Try again
            </Button>
          )}
        </Stack>
      )}
      {message.note && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right' }}>
          {message.note}
        </Typography>
      )}
    </Box>
  );
}
