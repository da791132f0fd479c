import Typography from '@mui/material/Typography';
import { RAI_IS_AN_AI } from '@reflections/contracts/crisis';
import { CrisisLink } from '../../components/crisis-link';
import { CrisisResources } from '../../components/crisis-resources';
import { LegalPage } from './legal-page';

/**
 * /crisis-protocol: what RAI does when it hears risk, what it never does, and where to get
 * a person now (issue 22), in plain words. Linked from the footer and from RAI's disclosure.
 */
const SECTIONS = [
  {
    heading: 'Where to get a person right now',
    body: (
      <>
        <p>
          In the US, call or text <CrisisLink line="988" /> (Suicide &amp; Crisis Lifeline), or text HOME to{' '}
          <CrisisLink line="741741" /> (Crisis Text Line). They answer day and night, and it is free.
        </p>
        <p>
          Outside the US, <CrisisLink line="findahelpline" /> lists free, confidential lines in your country.
        </p>
        <p>
          If you or someone else is in danger right now, call <CrisisLink line="911" /> or your local emergency number.
        </p>
      </>
    ),
  },
  {
    heading: 'What RAI does when it hears risk',
    body: (
      <>
        <p>
          Everything you write to RAI, in the chat, the journal and the story, and what you post in the forums, is
          checked for words about suicide, self-harm, or hurting someone, including the indirect ways men say it: being
          done, being a burden, saying goodbye, giving things away, having the means at hand.
        </p>
        <p>
          When it hears them, RAI puts the lines above at the top of its reply, once, as links you can tap. Then it
          answers you differently:
        </p>
        <ul>
          <li>it tells you it hears you and takes it seriously;</li>
          <li>it stays with you;</li>
          <li>
            it asks you plainly and calmly whether you are thinking about suicide and whether you are safe right now;
          </li>
          <li>it points you to a real person who can help now: one of the lines, or someone you trust.</li>
        </ul>
        <p>
          RAI does not read a mood from that message: it is left out of your mood chart and your average, so a hard
          night never shows up as a good one.
        </p>
      </>
    ),
  },
  {
    heading: 'What RAI never does',
    body: (
      <ul>
        <li>
          It never cheers you up, looks on the bright side, or gives you tips or exercises when you are in pain like
          this.
        </li>
        <li>It never describes, names or discusses any way of ending your life, even if you mention one.</li>
        <li>It never argues with you, judges you, or promises to keep a secret that could cost your life.</li>
        <li>It never pretends to be a person, a therapist, or an emergency service.</li>
      </ul>
    ),
  },
  {
    heading: 'RAI is an AI, not a therapist',
    body: (
      <>
        <p>{RAI_IS_AN_AI}</p>
        <p>
          RAI can help you put things into words. It cannot see you, call anyone for you, or keep you safe the way a
          person can. It does not contact emergency services on its own.
        </p>
      </>
    ),
  },
  {
    heading: 'When it gets it wrong',
    body: (
      <>
        <p>
          The check listens for risk first, so now and then it will show the lines when you did not need them: a story
          about your family, a rough shift, a figure of speech. On your five-minute story, &ldquo;This isn&rsquo;t about
          me&rdquo; takes the banner down. If a later answer sounds like risk, the lines come back.
        </p>
        <p>
          What is recorded is only that the lines were shown, or taken down, and when: never your words. Administrators
          see counts, not people or text.
        </p>
      </>
    ),
  },
];

export default function CrisisProtocolPage() {
  return (
    <LegalPage
      title="Crisis Protocol"
      intro={
        <>
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            If you are thinking about ending your life, please reach a person now. This page says what RAI does when it
            hears that you might be in danger.
          </Typography>
          <CrisisResources />
        </>
      }
      sections={SECTIONS}
    />
  );
}
