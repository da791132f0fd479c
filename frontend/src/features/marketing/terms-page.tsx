import { CrisisResources } from '../../components/crisis-resources';
import { LegalPage } from './legal-page';

const SECTIONS = [
  {
    heading: 'Not therapy, not medical care',
    body: (
      <>
        <p>
          Reflections offers breathwork, guided reflection, coaching, community and educational content for emotional
          wellbeing. It is not psychotherapy, counselling, medical advice, diagnosis or treatment, and it does not
          replace them.
        </p>
        <p>Coaches and facilitators are not acting as licensed clinicians in their work with Reflections.</p>
      </>
    ),
  },
  {
    heading: 'About RAI',
    body: (
      <>
        <p>
          RAI is an AI guide. Its replies are generated automatically and can be wrong, incomplete or not right for your
          situation. RAI is not a therapist and cannot respond to emergencies. Do not rely on it for decisions about
          your health, safety or medication.
        </p>
      </>
    ),
  },
  {
    heading: 'Breathwork safety',
    body: (
      <p>
        Breathing practices can cause light-headedness. Practise seated or lying down, never while driving or in water,
        and stop if you feel unwell. If you are pregnant or have a heart, lung or seizure condition, talk to your doctor
        before trying breath holds.
      </p>
    ),
  },
  {
    heading: 'Community guidelines',
    body: (
      <p>
        The Digital Campfire works because people are honest and kind. Do not share anything that identifies another
        person without their consent, do not harass or judge, and do not give medical advice. We may remove content or
        accounts that put others at risk.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <p>
        You must be 18 or older to create an account. Keep your password to yourself. You can stop using Reflections at
        any time; see the privacy policy for how to have your data deleted.
      </p>
    ),
  },
  {
    heading: 'Compliance',
    body: (
      <p>
        We aim to follow the laws that apply to wellness services and to personal data where we operate. If you believe
        something here falls short, tell us through the contact page and we will look into it promptly.
      </p>
    ),
  },
];

export default function TermsPage() {
  return <LegalPage title="Terms, Disclaimer & Compliance" intro={<CrisisResources />} sections={SECTIONS} />;
}
