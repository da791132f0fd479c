import { ButtonRow } from '../../components/button-row';
import { CardGrid } from '../../components/card-grid';
import { InfoCard } from '../../components/info-card';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

const TEAM = [
  {
    role: 'Co-founder',
    title: 'The older brother',
    text: 'Spent years in a demanding career before burnout forced a reset. Leads breathwork and the retreats, and still does his practice every morning.',
  },
  {
    role: 'Co-founder',
    title: 'The younger brother',
    text: 'Lost a close friend to a struggle nobody saw. Leads the Digital Campfire and the work with first responders and young men.',
  },
  {
    role: 'Coaches and guides',
    title: 'The people in the room',
    text: 'Coaches, facilitators and former first responders who have done their own work and know how to hold space without making it weird.',
  },
];

export default function TeamPage() {
  return (
    <>
      <PageHero
        eyebrow="The team"
        title="Two brothers and a few good people"
        subtitle="We built Reflections for the men we were on our hardest days. Here is who does the work."
      />
      <Section>
        <CardGrid>
          {TEAM.map((member) => (
            <InfoCard key={member.title} label={member.role} title={member.title}>
              {member.text}
            </InfoCard>
          ))}
        </CardGrid>
        <ButtonRow spaced>
          <LinkButton to="/contact" variant="contained">
            Get in touch
          </LinkButton>
          <LinkButton to="/what-we-do" variant="outlined">
            See what we do
          </LinkButton>
        </ButtonRow>
      </Section>
    </>
  );
}
