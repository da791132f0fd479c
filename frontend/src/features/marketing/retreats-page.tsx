import { ProgramPage, type Program } from './program-page';

const RETREATS: Program = {
  eyebrow: 'Retreats',
  title: 'Three days away from the noise',
  subtitle:
    'A small group of men, somewhere quiet, with time to breathe, talk straight and remember who you are when nobody needs anything from you.',
  tone: 'dark',
  highlights: [
    {
      title: 'Mornings',
      text: 'SIT breathwork and cold air before breakfast. You learn the practice properly, in person.',
    },
    {
      title: 'Days',
      text: 'Long walks, guided reflection and small-group sessions. Plenty of time where nothing is scheduled.',
    },
    {
      title: 'Evenings',
      text: 'The fire. Honest conversation, no pressure to share, and the relief of hearing “me too”.',
    },
  ],
  forWhom: [
    'Men who are running on empty and know something has to change.',
    'Men who are fine, mostly, and want to stay that way.',
    'Anyone who has never done anything like this and is a little sceptical. You are in good company.',
  ],
  closing:
    'Groups are small, so places are limited. Book a call and we will tell you about upcoming dates and whether it is the right fit.',
};

export default function RetreatsPage() {
  return <ProgramPage program={RETREATS} />;
}
