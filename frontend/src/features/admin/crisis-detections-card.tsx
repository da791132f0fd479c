import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useGetCrisisDetectionsQuery } from './admin-api';
import { WidgetCard } from './widget-card';

const PLACES = [
  { key: 'journal', label: 'Journal' },
  { key: 'chat', label: 'Chat' },
  { key: 'story', label: 'Story' },
  { key: 'forum', label: 'Forum' },
  { key: 'rai', label: 'Journal or chat (earlier)' },
  { key: 'dismissed', label: 'Story banner dismissed' },
] as const;

/** Crisis resources shown per day and where, and story banners members took down: counts, never words or names. */
export function CrisisDetectionsCard() {
  const { data, isLoading, error } = useGetCrisisDetectionsQuery();
  const days = [...(data?.days ?? [])].reverse().filter((day) => PLACES.some((place) => day[place.key] > 0));
  return (
    <WidgetCard
      title="Crisis detections by day"
      subtitle="Last 14 days, where the resources were shown. Counts only: no words or names are kept."
      loading={isLoading}
      error={error}
    >
      <Table size="small" aria-label="Crisis detections by day">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            {PLACES.map((place) => (
              <TableCell key={place.key} align="right">
                {place.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {days.length === 0 ? (
            <TableRow>
              <TableCell colSpan={PLACES.length + 1}>None in the last 14 days.</TableCell>
            </TableRow>
          ) : (
            days.map((day) => (
              <TableRow key={day.day}>
                <TableCell component="th" scope="row">
                  {day.day}
                </TableCell>
                {PLACES.map((place) => (
                  <TableCell key={place.key} align="right">
                    {day[place.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}
