import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ParkedEventsSummary, ServiceHealth } from '@reflections/contracts/admin';
import { useGetSystemHealthQuery } from './admin-api';
import { formatCount, formatDateTime, formatUptime } from './format';
import { FigureList } from './figure-list';
import { WidgetCard } from './widget-card';

/** Events a projector could not apply and moved past: operators retry them by replaying the projector (docs/architecture.md#parked-events). */
function ParkedEvents({ parked }: { readonly parked: readonly ParkedEventsSummary[] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Parked events
      </Typography>
      {parked.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No parked events
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Parked events">
          {parked.map((entry) => (
            <ListItem key={entry.projector} disableGutters>
              <ListItemText
                primary={`${entry.projector}: ${formatCount(entry.count)} parked`}
                secondary={`Latest: ${entry.latestType}, ${formatDateTime(entry.latestAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** Each service over its live instances: every process publishes its own figures (a heartbeat every few seconds). */
function Services({ services }: { readonly services: readonly ServiceHealth[] }) {
  return (
    <Table size="small" aria-label="Services" sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>Service</TableCell>
          <TableCell align="right">Instances</TableCell>
          <TableCell align="right">Up for</TableCell>
          <TableCell align="right">Requests</TableCell>
          <TableCell align="right">Errors</TableCell>
          <TableCell align="right">p99</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {services.map((service) => (
          <TableRow key={service.service}>
            <TableCell component="th" scope="row">
              {service.service}
            </TableCell>
            <TableCell align="right">{service.instances}</TableCell>
            <TableCell align="right">{formatUptime(service.uptime)}</TableCell>
            <TableCell align="right">
              {service.counts === 'jobs' ? `${formatCount(service.requests)} jobs` : formatCount(service.requests)}
            </TableCell>
            <TableCell align="right">{formatCount(service.errors)}</TableCell>
            <TableCell align="right">{`${service.p99ResponseTime} ms`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Uptime, response time and server errors over the last 5 minutes, over all services and per service, sign-ins ever, and events the projectors parked. */
export function SystemHealthCard() {
  const { data, isLoading, error } = useGetSystemHealthQuery();
  const figures: [string, string][] = data
    ? [
        ['Up for', formatUptime(data.uptime)],
        ['Avg response', `${data.avgResponseTime} ms`],
        ['Error rate', `${data.errorRate}%`],
        ['Sign-ins', formatCount(data.totalLogins)],
      ]
    : [];
  return (
    <WidgetCard
      title="System health"
      subtitle="Response times over the last 5 minutes"
      loading={isLoading}
      error={error}
    >
      <FigureList figures={figures} />
      {data && <Services services={data.services} />}
      {data && <ParkedEvents parked={data.parkedEvents} />}
    </WidgetCard>
  );
}
