import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export type Offering = { readonly title: string; readonly text: string; readonly to: string; readonly cta: string };

/** A card that is one link: title, a few honest lines, where it goes. */
export function OfferingCard({ offering }: { readonly offering: Offering }) {
  return (
    <Card sx={{ height: '100%', bgcolor: 'background.paper' }}>
      <CardActionArea
        component={RouterLink}
        to={offering.to}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex' }}
      >
        <CardContent sx={{ p: 3.5, display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%' }}>
          <Typography variant="h5" component="h3">
            {offering.title}
          </Typography>
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {offering.text}
          </Typography>
          <Typography
            component="span"
            color="text.accent"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
          >
            {offering.cta} <ArrowForwardIcon fontSize="small" aria-hidden />
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
