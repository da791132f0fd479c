import { ProgramPage, type Program } from './program-page';

const COACHING: Program = {
  eyebrow: 'Coaching',
  title: 'Someone in your corner',
  subtitle:
    'One-to-one sessions with a coach who has done his own work. Honest, practical, and about what you will do next.',
  highlights: [
    {
      title: 'Start with a call',
      text: 'A free conversation to see what you want help with and whether we are the right people.',
    },
    {
      title: 'Regular sessions',
      text: 'By video or in person, on a rhythm that fits your life. Between sessions, RAI helps you keep reflecting.',
    },
    {
      title: 'Real progress',
      text: 'Clear next steps, the breath practice to steady you, and someone who notices when you are avoiding something.',
    },
  ],
  forWhom: [
    'Men facing a transition: a new role, a breakup, becoming a father, losing someone.',
    'Men whose anger, numbness or stress is costing them more than they want.',
    'Leaders who look after everyone and want a place to put their own weight down.',
  ],
  closing:
    'Coaching is not therapy or medical care. If what you are facing needs clinical support, we will help you find it.',
};

export default function CoachingPage() {
  return <ProgramPage program={COACHING} />;
}
