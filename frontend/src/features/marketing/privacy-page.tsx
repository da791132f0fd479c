import Typography from '@mui/material/Typography';
import { LegalPage } from './legal-page';

const SECTIONS = [
  {
    heading: 'What we collect',
    body: (
      <>
        <p>When you create an account: your first name, email address and a securely hashed password.</p>
        <p>
          When you use the service: your onboarding answers, reflections and journal entries, story and P.E.A.C.E.
          responses, and what you post in the Digital Campfire.
        </p>
        <p>When you contact us: your name, email, interest and message.</p>
      </>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <>
        <p>To run the service: to sign you in, show you your own history and let RAI respond to what you write.</p>
        <p>
          To generate RAI’s replies, the text you write may be sent to an AI provider that processes it on our behalf.
          We do not sell your data or use it for advertising.
        </p>
      </>
    ),
  },
  {
    heading: 'Cookies',
    body: <p>We use one session cookie to keep you signed in. We do not use advertising or tracking cookies.</p>,
  },
  {
    heading: 'Who can see what',
    body: (
      <p>
        Your reflections and journal entries are private to you. Posts in the Digital Campfire are visible to other
        members; you can post anonymously. A small number of administrators can access account data to keep the service
        running and safe.
      </p>
    ),
  },
  {
    heading: 'Your choices',
    body: (
      <p>
        You can ask for a copy of your data, or for your account and data to be deleted, at any time through the contact
        page. We will respond within 30 days.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <Typography variant="subtitle1">
          Your inner life is private. This page explains, in plain words, what we keep and why.
        </Typography>
      }
      sections={SECTIONS}
    />
  );
}
