import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MEMBERSHIP_LABELS, type MembershipType } from '@reflections/contracts/identity';
import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

/** docs/product.md#who-uses-it: Free $0/month, Premium $29/month, VIP $99/month. */
const PLANS: readonly {
  readonly type: MembershipType;
  readonly name: string;
  readonly price: number;
  readonly text: string;
}[] = [
  {
    type: 'free',
    name: 'Free',
    price: 0,
    text: 'Start here. Take your first reflection, breathe with the SIT pacer and find your way around.',
  },
  {
    type: 'premium',
    name: 'Premium',
    price: 29,
    text: 'For men making it a habit: more time with RAI and the deeper reflection tools.',
  },
  {
    type: 'vip',
    name: 'VIP',
    price: 99,
    text: 'The closest support we offer, with priority for coaching and retreats.',
  },
];

export default function ShopPage() {
  return (
    <>
      <PageHero
        eyebrow="The shop"
        title="The shop is not open yet"
        subtitle="We would rather open it right than open it fast. Here is what memberships will look like; exact details are confirmed when it opens."
      />
      <Section>
        <CardGrid>
          {PLANS.map((plan) => (
            <Card key={plan.type} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 4, display: 'grid', gap: 1.5 }}>
                <Box>
                  <Typography variant="h4" component="h2">
                    {plan.name}
                  </Typography>
                  {MEMBERSHIP_LABELS[plan.type] !== plan.name && (
                    <Typography variant="body2" color="text.secondary">
                      {MEMBERSHIP_LABELS[plan.type]} membership
                    </Typography>
                  )}
                </Box>
                <Typography component="p">
                  <Box component="span" sx={{ fontSize: '2rem', fontWeight: 600 }}>
                    ${plan.price}
                  </Box>
                  /month
                </Typography>
                <Typography color="text.secondary">{plan.text}</Typography>
              </CardContent>
            </Card>
          ))}
        </CardGrid>
        <Typography color="text.secondary" sx={{ mt: 4 }}>
          Nothing can be bought here yet, and nobody will be charged. Every new account starts as an Explorer, free.
        </Typography>
        <ButtonRow spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary">
            Start free
          </LinkButton>
          <LinkButton to="/contact" variant="outlined">
            Ask about memberships
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
