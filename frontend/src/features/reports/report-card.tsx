import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportSummary } from '@reflections/contracts/reports';
import { errorMessage } from '../../lib/api';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import { reportCsvUrl, useGetReportQuery } from './reports-api';

/** One report: its chart (when it has one), its table and its CSV download. */
export function ReportCard({ report }: { report: ReportSummary }) {
  const { data: view, error, isLoading } = useGetReportQuery(report.name);
  const headingId = `report-${report.name}`;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
        >
          <div>
            <Typography id={headingId} variant="h6" component="h3">
              {report.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {report.description}
            </Typography>
          </div>
          <Button
            href={reportCsvUrl(report.name)}
            download={`${report.name}.csv`}
            startIcon={<DownloadIcon />}
            variant="outlined"
            size="small"
            sx={{ flexShrink: 0 }}
          >
            Download CSV
          </Button>
        </Stack>
        {isLoading && <CircularProgress aria-label={`Loading ${report.title}`} />}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {view && view.rows.length === 0 && (
          <Typography color="text.secondary">No data yet: the figures appear once members have taken part.</Typography>
        )}
        {view && view.rows.length > 0 && (
          <Stack spacing={2}>
            {view.chart && <ReportChart chart={view.chart} view={view} />}
            <ReportTable view={view} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
