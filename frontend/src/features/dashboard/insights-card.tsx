import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { PanelCard } from '../../components/panel-card';

type Onboarding = NonNullable<DashboardPayload['onboardingData']>;

const INSIGHTS: { key: keyof Onboarding; label: string }[] = [
  { key: 'seeking', label: "What you're seeking" },
  { key: 'innerStrength', label: 'Your inner strength' },
  { key: 'peaceMeaning', label: 'What peace means to you' },
];

/** Seeking, inner strength and the meaning of peace, from the journey (docs/product.md#dashboard). */
export function InsightsCard({ onboarding }: { readonly onboarding: Onboarding }) {
  return (
    <PanelCard title="Your Insights">
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {INSIGHTS.map(({ key, label }) => (
          <div key={key}>
            <Typography component="dt" variant="overline" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {onboarding[key]}
            </Typography>
          </div>
        ))}
      </Box>
    </PanelCard>
  );
}
