import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReportView } from '@reflections/contracts/reports';

/** Every row of a report, scrolling inside its card so long reports keep the page short. */
export function ReportTable({ view }: { view: ReportView }) {
  return (
    <TableContainer sx={{ maxHeight: 360 }} tabIndex={0} aria-label={`${view.title}: table`}>
      <Table stickyHeader size="small">
        <TableHead>
          <TableRow>
            {view.columns.map((column) => (
              <TableCell key={column.field} scope="col">
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {view.rows.map((row, index) => (
            <TableRow key={index}>
              {view.columns.map((column) => (
                <TableCell key={column.field} align={typeof row[column.field] === 'number' ? 'right' : 'left'}>
                  {row[column.field] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
