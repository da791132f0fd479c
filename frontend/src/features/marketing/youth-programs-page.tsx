import { ProgramPage, type Program } from './program-page';

const YOUTH: Program = {
  eyebrow: 'Youth programs',
  title: 'Helping young men find their footing',
  subtitle: 'Programs for teenage boys and young men, run with schools, clubs and community groups.',
  highlights: [
    {
      title: 'Breathing that helps',
      text: 'Short practices for exams, games and the nights when the head will not switch off.',
    },
    {
      title: 'Words for feelings',
      text: 'Naming what is going on without embarrassment, in a room where that is normal.',
    },
    { title: 'Mentors', text: 'Men who show, not tell, that strength and honesty belong together.' },
  ],
  forWhom: [
    'Schools and youth organisations looking for a practical, down-to-earth program.',
    'Parents who want their sons to have tools they did not have at that age.',
    'Young men themselves, ready to try something different.',
  ],
  closing: 'All youth programs run with the partner organisation and with appropriate safeguarding in place.',
};

export default function YouthProgramsPage() {
  return <ProgramPage program={YOUTH} />;
}
