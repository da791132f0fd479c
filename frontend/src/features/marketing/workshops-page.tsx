import { ProgramPage, type Program } from './program-page';

const WORKSHOPS: Program = {
  eyebrow: 'Workshops',
  title: 'Tools a whole team can use',
  subtitle:
    'Practical sessions for workplaces, crews and first responders. One to two hours, or a full day for new hires.',
  highlights: [
    {
      title: 'Breathwork on the job',
      text: 'The SIT rhythms, taught so people can use them in a meeting, in a truck or before a hard call.',
    },
    {
      title: 'Shared language',
      text: 'Simple words for stress and strain, so checking on each other stops feeling awkward.',
    },
    {
      title: 'Peer check-ins',
      text: 'A short, repeatable way for teams to look after each other after the workshop ends.',
    },
  ],
  forWhom: [
    'Teams under steady pressure who want more than a poster in the break room.',
    'Fire, police, EMS and dispatch crews, with sessions shaped around the job.',
    'Organisations welcoming new hires who want to set a healthy tone from day one.',
  ],
  closing: 'Tell us about your team and we will shape a session around it.',
};

export default function WorkshopsPage() {
  return <ProgramPage program={WORKSHOPS} />;
}
