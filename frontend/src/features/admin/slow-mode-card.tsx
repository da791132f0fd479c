import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_REPORT_REASON_LENGTH } from '@reflections/contracts/forum';
import {
  SLOW_MODE_CHOICES,
  SLOW_MODE_MESSAGES,
  type SlowModeAdminView,
  type SlowModeSeconds,
  slowModeEvery,
} from '@reflections/contracts/forum-slow-mode';
import { useState } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody, errorMessage } from '../../lib/api';
import { serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { formatDateTime } from './format';
import { useGetBoardSlowModesQuery, useSetSlowModeMutation } from './slow-mode-api';
import { WidgetCard } from './widget-card';

const BOARD_NAMES = { campfire: 'The Campfire (members)', 'first-responders': 'Digital Campfire (first responders)' };

const choiceName = (seconds: number) => (seconds === 0 ? 'Off' : `One post ${slowModeEvery(seconds)}`);

function BoardSlowMode({ setting }: { readonly setting: SlowModeAdminView }) {
  const [setSlowMode, { isLoading }] = useSetSlowModeMutation();
  const [seconds, setSeconds] = useState<SlowModeSeconds>(setting.seconds as SlowModeSeconds);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { toast } = useToast();
  const name = BOARD_NAMES[setting.board];

  const save = async () => {
    if (reason.trim() === '') return setReasonError(SLOW_MODE_MESSAGES.reason);
    try {
      const saved = await setSlowMode({ board: setting.board, seconds, reason: reason.trim() }).unwrap();
      toast({
        title: saved.changed ? `Slow mode: ${choiceName(saved.seconds).toLowerCase()}` : 'Nothing changed',
        description: name,
        variant: 'success',
      });
      setReason('');
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(errorBody(error), errorMessage(error)),
        variant: 'destructive',
      });
    }
  };

  return (
    <ListItem disableGutters divider sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle2">
        {name}: {choiceName(setting.seconds)}
      </Typography>
      {setting.setAt && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Set by {setting.setByName ?? 'a moderator'} · {formatDateTime(setting.setAt)} · “{setting.reason}”
        </Typography>
      )}
      <TextField
        select
        size="small"
        label={`Slow mode for ${name}`}
        value={String(seconds)}
        onChange={(event) => setSeconds(Number(event.target.value) as SlowModeSeconds)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {SLOW_MODE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choiceName(choice)}
          </option>
        ))}
      </TextField>
      <LimitedTextField
        size="small"
        label={`Why (kept with your change to ${name})`}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
        error={reasonError !== null}
        helperText={reasonError ?? undefined}
        limit={{ max: MAX_REPORT_REASON_LENGTH, tooLong: SLOW_MODE_MESSAGES.reason }}
      />
      <Stack direction="row">
        <Button size="small" variant="outlined" disabled={isLoading} onClick={save}>
          Save slow mode
        </Button>
      </Stack>
    </ListItem>
  );
}

/** Slow mode per board (docs/product.md#slow-mode): the least time between a member's new posts, set with a reason. */
export function SlowModeCard() {
  const { data, isLoading, error } = useGetBoardSlowModesQuery();
  return (
    <WidgetCard
      title="Slow mode"
      subtitle="The least time between two new posts of one member; moderators and replies are not slowed"
      loading={isLoading}
      error={error}
    >
      <List dense disablePadding>
        {data?.map((setting) => (
          <BoardSlowMode key={`${setting.board}:${setting.setAt ?? ''}`} setting={setting} />
        ))}
      </List>
    </WidgetCard>
  );
}
