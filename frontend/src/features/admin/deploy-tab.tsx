import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorBody, errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDeployMutation } from './admin-api';
import { WidgetCard } from './widget-card';

type DeployState =
  | { readonly step: 'idle' }
  | { readonly step: 'deploying' }
  | { readonly step: 'started'; readonly at: Date }
  | { readonly step: 'failed'; readonly message: string };

/** The server's sentence for a failure ('No deploy hook configured'), else the status line. */
const failureMessage = (error: unknown) => {
  const body = errorBody(error) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : errorMessage(error);
};

/** docs/product.md#admin-panel: idle, 'Deploying…', then success or failure, each with its toast. */
export function DeployTab() {
  const [deploy] = useDeployMutation();
  const [state, setState] = useState<DeployState>({ step: 'idle' });
  const { toast } = useToast();

  const start = async () => {
    setState({ step: 'deploying' });
    try {
      await deploy().unwrap();
      setState({ step: 'started', at: new Date() });
      toast({
        title: 'Deployment Initiated',
        description: 'Application deployment started successfully',
        variant: 'success',
      });
    } catch (error) {
      const message = failureMessage(error);
      setState({ step: 'failed', message });
      toast({ title: 'Deployment Failed', description: message, variant: 'destructive' });
    }
  };

  return (
    <WidgetCard title="Deploy" subtitle="Calls the deploy hook configured on the server (DEPLOY_HOOK_URL)">
      <Typography color="text.secondary">
        Every deployment request is recorded in the event log with the admin who asked.
      </Typography>
      <Button
        variant="contained"
        color="secondary"
        onClick={start}
        disabled={state.step === 'deploying'}
        sx={{ justifySelf: 'start', alignSelf: 'flex-start' }}
      >
        {state.step === 'deploying' ? 'Deploying…' : 'Deploy'}
      </Button>
      <div role="status">
        {state.step === 'started' && (
          <Alert severity="success">Deployment started at {state.at.toLocaleTimeString()}.</Alert>
        )}
        {state.step === 'failed' && <Alert severity="error">Deployment Failed: {state.message}</Alert>}
      </div>
    </WidgetCard>
  );
}
