import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AiAssistantRequest } from '@reflections/contracts/admin';
import { useState } from 'react';
import { useCodecForm } from '../../lib/use-codec-form';
import { useToast } from '../../lib/toast';
import {
  useAskAssistantMutation,
  useGetAdminStatsQuery,
  useGetCommunityPulseQuery,
  useGetCrisisCountQuery,
  useGetMembershipTrendsQuery,
  useGetSystemHealthQuery,
  useGetUpcomingEventsQuery,
} from './admin-api';
import { WidgetCard } from './widget-card';

/** docs/product.md#admin-calls: the AI sees the last 7 trend entries. */
const TREND_CONTEXT = 7;

/** docs/product.md#admin-panel: the message of an assistant failure. */
export function assistantFailure(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return `API Error: ${status}`;
  return error instanceof Error ? error.message : 'Failed to get response from AI assistant';
}

/** A question about the figures on screen, answered by the AI worker: idle, 'Analyzing…', an answer or an error. */
export function AiAssistantCard() {
  // The figures travel with the question; the form checks the question with the request's own codec.
  const form = useCodecForm(
    AiAssistantRequest,
    { question: '' },
    { toRequest: (values) => ({ ...values, context: {} }) },
  );
  const [answer, setAnswer] = useState<string | null>(null);
  const [ask, { isLoading }] = useAskAssistantMutation();
  const { toast } = useToast();
  const stats = useGetAdminStatsQuery().data;
  const communityPulse = useGetCommunityPulseQuery().data;
  const upcomingEvents = useGetUpcomingEventsQuery().data;
  const systemHealth = useGetSystemHealthQuery().data;
  const trends = useGetMembershipTrendsQuery().data;
  const crisisCount = useGetCrisisCountQuery().data;

  const submit = form.onSubmit(async ({ question }) => {
    const context: AiAssistantRequest['context'] = {
      stats,
      communityPulse,
      upcomingEvents,
      systemHealth,
      membershipTrends: trends?.slice(-TREND_CONTEXT),
      crisisCount,
    };
    try {
      const result = (await ask({ question, context }).unwrap()) as {
        response?: unknown;
        error?: unknown;
      };
      if (typeof result.error === 'string') throw new Error(result.error);
      if (typeof result.response !== 'string' || !result.response) throw new Error('No response received from AI');
      setAnswer(result.response);
    } catch (error) {
      toast({ title: 'AI Assistant Error', description: assistantFailure(error), variant: 'destructive' });
    }
  });

  return (
    <WidgetCard title="AI assistant" subtitle="Ask about the figures on this screen">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 1 }}>
        <TextField
          label="Your question"
          multiline
          minRows={2}
          {...form.field('question')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          disabled={isLoading || !form.values.question.trim()}
          sx={{ justifySelf: 'start' }}
        >
          {isLoading ? 'Analyzing…' : 'Ask'}
        </Button>
      </Box>
      {answer && (
        <Alert severity="info" icon={false} aria-live="polite">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{answer}</Typography>
        </Alert>
      )}
    </WidgetCard>
  );
}
