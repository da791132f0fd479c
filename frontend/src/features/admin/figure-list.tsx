import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Labelled figures in a grid, as a description list. */
export function FigureList({
  figures,
  columns = 2,
}: {
  readonly figures: readonly (readonly [string, string])[];
  readonly columns?: 2 | 3;
}) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${columns}, 1fr)` }, gap: 2 }}
    >
      {figures.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}
