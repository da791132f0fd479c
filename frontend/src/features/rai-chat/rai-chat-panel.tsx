import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useDispatch } from 'react-redux';
import { CrisisProtocolLink } from '../../components/crisis-protocol-link';
import { PanelCard } from '../../components/panel-card';
import { RaiReply } from '../../components/rai-reply';
import { api } from '../../lib/api';
import { RAI_RESTING_TITLE, raiRestingMessage } from '../../lib/rai-resting';
import { newRequestId } from '../../lib/request-id';
import { endsSession, sessionEnded } from '../../lib/session-signal';
import { useToast } from '../../lib/toast';
import { useDraft } from '../../lib/use-draft';
import { visuallyHidden } from '../../lib/visually-hidden';
import { RaiStreamFailure, streamRaiReply } from './rai-stream';

/** Spec 000 §3: a chat message lives only in this page, never stored by the client. */
type ChatMessage = {
  readonly id: string;
  readonly type: 'user' | 'rai';
  readonly content: string;
  readonly timestamp: string;
  readonly crisis?: boolean;
};

const GREETING: ChatMessage = {
  id: 'greeting',
  type: 'rai',
  content: "I'm RAI, your reflection guide. What's on your mind today? I'm not a therapist, but I'm here to listen and help you think it through.",
  timestamp: new Date(0).toISOString(),
};

const FALLBACK_ERROR = 'RAI is thinking deeply. Please try again in a moment.';

/** The RAI chat of the dashboard (spec 000 §2, §4, §8): the reply appears as RAI writes it. */
export function RaiChatPanel({ memberId }: { readonly memberId: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [text, setText, clearText] = useDraft(`chat.${memberId}`);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const requestId = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listEnd = useRef<HTMLDivElement>(null);
  const dispatch = useDispatch();
  const { toast } = useToast();

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages, streaming]);

  const canSend = !pending && (text.trim() !== '' || attachment !== null);

  const send = async () => {
    if (!canSend) return;
    const content = text.trim() || `I'm sharing ${attachment!.type.startsWith('video/') ? 'a video' : 'an image'} (${attachment!.name}).`;
    const now = new Date().toISOString();
    requestId.current ??= newRequestId();
    setMessages((current) => [...current, { id: `${requestId.current}-user`, type: 'user', content, timestamp: now }]);
    setPending(true);
    setStreaming('');
    setAnnouncement('RAI is typing');
    try {
      const reply = await streamRaiReply({ journalEntry: content, clientRequestId: requestId.current }, (chunk) => setStreaming((sofar) => (sofar ?? '') + chunk));
      setMessages((current) => [...current, { id: reply.entryId, type: 'rai', content: reply.response, timestamp: new Date().toISOString(), crisis: reply.crisis }]);
      setAnnouncement(`RAI replied: ${reply.response}`);
      clearText();
      setAttachment(null);
      requestId.current = null;
      dispatch(api.util.invalidateTags(['Journal']));
    } catch (error) {
      setAnnouncement('');
      // The session ended: the app takes the member to sign in and back; the draft stays.
      if (error instanceof RaiStreamFailure && endsSession(error.status, '/api/ai/rai/process-journal/stream')) {
        dispatch(sessionEnded());
        return;
      }
      // A spent quota: calm words, and the draft stays to send later.
      const resting = error instanceof RaiStreamFailure ? raiRestingMessage(error.status, error.body) : null;
      if (resting) toast({ title: RAI_RESTING_TITLE, description: resting, variant: 'info' });
      else toast({ title: 'Connection issue', description: error instanceof Error && error.message ? error.message : FALLBACK_ERROR, variant: 'destructive' });
    } finally {
      setPending(false);
      setStreaming(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
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
        sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1.5, maxHeight: { xs: 360, md: 420 }, minHeight: 200, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 2 }}
      >
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} />
        ))}
        {streaming !== null && (
          <Box component="li" sx={{ justifySelf: 'start', maxWidth: '85%' }}>
            <Typography variant="caption" color="text.secondary">
              RAI
            </Typography>
            <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', whiteSpace: 'pre-line' }}>
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
        <input ref={fileInput} type="file" accept="image/*,video/*" hidden onChange={choose} aria-label="Choose an image or video" />
        <IconButton aria-label="Attach an image or video" onClick={() => fileInput.current?.click()} disabled={pending}>
          <AttachFileIcon />
        </IconButton>
        <TextField
          label="Message RAI"
          multiline
          maxRows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          helperText="Enter sends, Shift+Enter starts a new line."
        />
        <IconButton aria-label="Send message" color="secondary" onClick={() => void send()} disabled={!canSend} sx={{ mb: 3 }}>
          <SendIcon />
        </IconButton>
      </Stack>
    </PanelCard>
  );
}

function ChatBubble({ message }: { readonly message: ChatMessage }) {
  const mine = message.type === 'user';
  const bubble = (words: string) => (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        whiteSpace: 'pre-line',
        bgcolor: mine ? 'primary.main' : 'background.paper',
        color: mine ? 'primary.contrastText' : 'text.primary',
        border: mine ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      {words}
    </Box>
  );
  return (
    <Box component="li" sx={{ justifySelf: mine ? 'end' : 'start', maxWidth: '85%' }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: mine ? 'right' : 'left' }}>
        {mine ? 'You' : 'RAI'}
      </Typography>
      {mine ? (
        bubble(message.content)
      ) : (
        <RaiReply text={message.content} crisis={message.crisis}>
          {bubble}
        </RaiReply>
      )}
    </Box>
  );
}
