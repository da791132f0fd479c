import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** Shown when a screen fails to load or render, e.g. after a deploy replaced its chunk. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 16, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Something went quiet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This page did not load as it should. Take a breath and try again; if it keeps happening, let us know through the
        contact page.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Container>
  );
}
