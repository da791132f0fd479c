import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/api';
import { ReportCard } from './report-card';
import { useListReportsQuery } from './reports-api';

/** Every analysts' report, for the admin panel's Community tab. */
export function ReportsPanel() {
  const { data, error, isLoading } = useListReportsQuery();
  return (
    <Stack spacing={3} component="section" aria-labelledby="reports-heading">
      <Typography id="reports-heading" variant="h5" component="h2">
        Reports
      </Typography>
      {isLoading && <CircularProgress aria-label="Loading reports" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data?.reports.length === 0 && <Typography color="text.secondary">No reports yet.</Typography>}
      {data?.reports.map((report) => (
        <ReportCard key={report.name} report={report} />
      ))}
    </Stack>
  );
}
