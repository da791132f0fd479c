import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPORT_MESSAGES } from '@reflections/contracts/account';
import { useState } from 'react';
import { SettingsSection } from './settings-section';
import { useFileDownload } from './use-file-download';

const rangeQuery = (from: string, to: string) =>
  new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();

/**
 * "Download my data" (issue 24): everything the product holds about the member as JSON, and
 * his reflections for a date range as Markdown or a PDF to bring to a therapist. Standalone,
 * so that the settings page can take it in as it is.
 */
export function DownloadMyData() {
  const { busy, slow, error, download } = useFileDownload();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeError = from && to && from > to ? EXPORT_MESSAGES.range : null;
  const reflections = (format: 'md' | 'pdf') => {
    const query = rangeQuery(from, to);
    return download(format, `/api/me/export/reflections.${format}${query ? `?${query}` : ''}`, `reflections.${format}`);
  };
  return (
    <SettingsSection
      id="download-my-data-title"
      title="Download my data"
      note="Everything we hold about you: your profile, journey answers, journal and RAI's replies, stories, P.E.A.C.E. answers, forum posts (anonymous ones too) and bookings."
    >
      <div>
        <Button
          variant="outlined"
          disabled={busy !== null}
          onClick={() => download('json', '/api/me/export', 'reflections-data.json')}
        >
          Download all my data (JSON)
        </Button>
      </div>
      <Typography variant="subtitle2" component="h3">
        Bring it to your therapist
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Your reflections between two dates, oldest first. Leave a date empty to start at the beginning or end today.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
        <TextField
          type="date"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
          error={Boolean(rangeError)}
          helperText={rangeError ?? ' '}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="secondary"
          disabled={busy !== null || Boolean(rangeError)}
          onClick={() => reflections('pdf')}
        >
          Reflections as PDF
        </Button>
        <Button disabled={busy !== null || Boolean(rangeError)} onClick={() => reflections('md')}>
          As Markdown
        </Button>
      </Stack>
      {busy && slow && (
        <div role="status">
          <Typography variant="body2">Preparing your file…</Typography>
          <LinearProgress color="secondary" aria-label="Preparing your file" />
        </div>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </SettingsSection>
  );
}
