import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ProcessJournalRequest,
  RAI_MESSAGES,
  SESSION_TYPES,
  type ProcessJournalResponse,
  type SessionType,
} from '@reflections/contracts/rai';
import { useRef, useState, type FormEvent } from 'react';
import { RaiReply } from '../../components/rai-reply';
import { PanelCard } from '../../components/panel-card';
import { errorBody } from '../../lib/api';
import { newRequestId } from '../../lib/request-id';
import { LimitedTextField, overAnyLimit } from '../../components/limited-text-field';
import { serverMessage } from '../../lib/server-message';
import { textLimitsOf } from '../../lib/text-limits';
import { useToast } from '../../lib/toast';
import { useGenerateReflectionPromptMutation, useProcessJournalMutation } from './ai-test-api';

const LABELS: Record<SessionType, string> = {
  'check-in': 'Check-in',
  reflection: 'Reflection',
  'deep-dive': 'Deep dive',
  guidance: 'Guidance',
};

/** The server's own words for a failure, when it gave any. */
// The server's field message first (a too-long entry), then its sentence.
const serverError = (error: unknown) => serverMessage(errorBody(error), '') || null;
const LIMITS = textLimitsOf(ProcessJournalRequest);

/** The two-tier AI test page (docs/product.md#ai-test): a prompt generator and a journal processor. */
export default function AiTestPage() {
  const [sessionType, setSessionType] = useState<SessionType>('check-in');
  const [prompt, setPrompt] = useState('');
  const [entry, setEntry] = useState('');
  const [entryMissing, setEntryMissing] = useState(false);
  const [result, setResult] = useState<ProcessJournalResponse | null>(null);
  const requestId = useRef<string | null>(null);
  const [generate, generating] = useGenerateReflectionPromptMutation();
  const [process, processing] = useProcessJournalMutation();
  const { toast } = useToast();

  const generatePrompt = async () => {
    try {
      const { prompt: generated } = await generate({ sessionType }).unwrap();
      setPrompt(generated);
      toast({ title: 'Prompt Generated', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: serverError(error) ?? 'Failed to generate prompt', variant: 'destructive' });
    }
  };

  const processEntry = async (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() === '') {
      setEntryMissing(true);
      toast({ title: 'Error', description: RAI_MESSAGES.journalEntryRequired, variant: 'destructive' });
      return;
    }
    if (overAnyLimit({ prompt, journalEntry: entry }, LIMITS)) return;
    requestId.current ??= newRequestId();
    try {
      const processed = await process({
        journalEntry: entry.trim(),
        prompt: prompt.trim() || null,
        clientRequestId: requestId.current,
      }).unwrap();
      requestId.current = null;
      setResult(processed);
      toast({
        title: 'Journal Processed',
        description: processed.mood ? `Detected mood: ${processed.mood}` : 'RAI answered with the crisis resources.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverError(error) ?? 'Failed to process journal entry',
        variant: 'destructive',
      });
    }
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        RAI Test Page
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Try RAI's two tiers: a prompt to reflect on, then RAI's answer to what you write.
      </Typography>
      <Stack spacing={3}>
        <PanelCard title="1. Prompt Generator">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              label="Session type"
              value={sessionType}
              onChange={(e) => setSessionType(e.target.value as SessionType)}
              slotProps={{ select: { native: true } }}
            >
              {SESSION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {LABELS[type]}
                </option>
              ))}
            </TextField>
            <Button
              variant="contained"
              color="secondary"
              onClick={generatePrompt}
              disabled={generating.isLoading}
              sx={{ flexShrink: 0, mt: { sm: 1 } }}
            >
              {generating.isLoading ? 'Generating…' : 'Generate Prompt'}
            </Button>
          </Stack>
        </PanelCard>
        <PanelCard title="2. Journal Processor">
          <Stack component="form" spacing={2} onSubmit={processEntry} noValidate>
            <LimitedTextField
              label="Prompt"
              multiline
              minRows={2}
              limit={LIMITS.prompt}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              helperText="Optional: generate one above or write your own."
            />
            <LimitedTextField
              label="Journal entry"
              multiline
              minRows={5}
              limit={LIMITS.journalEntry}
              value={entry}
              onChange={(e) => {
                setEntry(e.target.value);
                if (e.target.value.trim() !== '') setEntryMissing(false);
              }}
              error={entryMissing}
              helperText={entryMissing ? RAI_MESSAGES.journalEntryRequired : ' '}
            />
            <Box>
              <Button type="submit" variant="contained" color="secondary" disabled={processing.isLoading}>
                {processing.isLoading ? 'Processing…' : 'Process Journal Entry'}
              </Button>
            </Box>
          </Stack>
        </PanelCard>
        {result && (
          <PanelCard title="RAI's Response">
            <RaiReply text={result.response} crisis={result.crisis}>
              {(words) => (
                <>
                  {result.mood && (
                    <Typography sx={{ mb: 2 }}>
                      Detected mood: <Chip label={result.mood} size="small" color="secondary" />
                    </Typography>
                  )}
                  <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{words}</Typography>
                </>
              )}
            </RaiReply>
            {result.insights.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3">
                  Insights
                </Typography>
                <Box component="ul" sx={{ mt: 0.5 }}>
                  {result.insights.map((insight) => (
                    <li key={insight}>{insight}</li>
                  ))}
                </Box>
              </>
            )}
          </PanelCard>
        )}
      </Stack>
    </Container>
  );
}
