import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type LegalPageProps = {
  readonly title: string;
  readonly intro: ReactNode;
  readonly sections: readonly { readonly heading: string; readonly body: ReactNode }[];
};

/** A readable long-form document: one column, clear headings. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 8, md: 12 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 4 }}>
        {title}
      </Typography>
      <Box sx={{ mb: 5 }}>{intro}</Box>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 5 }}>
          <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
            {section.heading}
          </Typography>
          <Typography component="div" color="text.secondary" sx={{ '& p': { mt: 0, mb: 1.5 } }}>
            {section.body}
          </Typography>
        </Box>
      ))}
    </Container>
  );
}
