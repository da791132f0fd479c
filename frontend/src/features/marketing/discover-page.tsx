import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { LinkButton } from '../../components/link-button';
import { OfferingCard, type Offering } from '../../components/offering-card';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

const CARDS: readonly Offering[] = [
  {
    title: 'What We Do',
    text: 'Breathwork, guided reflection, coaching, workshops and retreats, and how they fit together.',
    to: '/what-we-do',
    cta: 'See our work',
  },
  {
    title: 'The Team',
    text: 'Two brothers who learned the hard way, and the coaches and guides who joined them.',
    to: '/team',
    cta: 'Meet the team',
  },
  {
    title: 'The Shop',
    text: 'Memberships and a few good things for your practice. Not open yet.',
    to: '/shop',
    cta: 'Take a look',
  },
  {
    title: 'The Vision',
    text: 'A world where a man asking for help is as normal as a man going to the gym.',
    to: '/vision',
    cta: 'Read the vision',
  },
];

export default function DiscoverPage() {
  return (
    <>
      <PageHero
        eyebrow="Discover"
        title="Get to know Reflections"
        subtitle="Who we are, what we do and where we are going. Take your time."
      />
      <Section>
        <CardGrid columns={4}>
          {CARDS.map((card) => (
            <OfferingCard key={card.to} offering={card} />
          ))}
        </CardGrid>
        <ButtonRow center spaced>
          <LinkButton to="/pre-journey" variant="contained" color="secondary" size="large">
            Start Your Reflection
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
