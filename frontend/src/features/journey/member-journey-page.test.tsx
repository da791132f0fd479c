import { MESSAGES } from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import { preferReducedMotion } from '../../../test/reduced-motion';
import MemberJourneyPage from './member-journey-page';
import { forgetJourney } from './journey-storage';

const member = {
  id: 'm1',
  email: 'chief@example.com',
  firstName: 'Kai',
  lastName: '',
  role: 'admin',
  membershipType: 'free',
  archetype: 'peacemaker',
  createdAt: '2026-11-01T00:00:00.000Z',
};
let answer: (request: SeenRequest) => Answer;
let requests: SeenRequest[];
preferReducedMotion();

beforeEach(() => {
  forgetJourney(member.id);
  answer = (request) =>
    request.path === '/api/auth/journey-answers' ? { status: 201, body: { archetype: 'boss' } } : { status: 404 };
  requests = answerFetch((request) =>
    request.path === '/api/auth/user' ? { status: 200, body: member } : answer(request),
  );
});

function open() {
  const user = userEvent.setup({ delay: null });
  const { router } = renderRoutes(
    [
      { path: '/member/journey', element: <MemberJourneyPage /> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    '/member/journey',
  );
  return { user, router };
}

const next = () => screen.getByRole('button', { name: 'Next' });

async function answerQuestion(user: UserEvent, index: number) {
  const question = JOURNEY_QUESTIONS[index];
  await screen.findByRole('heading', { name: question.question });
  if (question.kind === 'text') {
    await user.click(screen.getByRole('textbox', { name: question.question }));
    await user.paste(`About ${question.field}`);
  } else
    await user.click(
      screen.getByRole(question.kind === 'single' ? 'radio' : 'checkbox', { name: question.choices[0].label }),
    );
}

/** Every question; the last is answered but not sent. */
async function answerAll(user: UserEvent) {
  for (let i = 0; i < JOURNEY_QUESTIONS.length; i++) {
    await answerQuestion(user, i);
    if (i < JOURNEY_QUESTIONS.length - 1) await user.click(next());
  }
}

describe('the journey of a signed-in member without answers (issue 25)', () => {
  it('asks only the questions, never a name, an email, a password or the terms, and returns to the dashboard with them saved', async () => {
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: JOURNEY_QUESTIONS[0].question })).toBeInTheDocument();
    expect(screen.getByText(`Step 1 of ${JOURNEY_QUESTIONS.length}`)).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await answerAll(user);
    expect(screen.getByText(`Step ${JOURNEY_QUESTIONS.length} of ${JOURNEY_QUESTIONS.length}`)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));

    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your archetype: The Boss');
    const sent = requests.find((r) => r.path === '/api/auth/journey-answers');
    expect(sent).toMatchObject({ method: 'POST' });
    expect(sent?.body).toEqual(
      Object.fromEntries(
        JOURNEY_QUESTIONS.map((q) => [
          q.field,
          q.kind === 'text' ? `About ${q.field}` : q.kind === 'multiple' ? [q.choices[0].value] : q.choices[0].value,
        ]),
      ),
    );
  });

  it('keeps the answers in the tab for this member across a reload', async () => {
    const first = open();
    await answerQuestion(first.user, 0);
    await first.user.click(next());
    await screen.findByText(`Step 2 of ${JOURNEY_QUESTIONS.length}`);
    first.router.dispose();
    cleanup();

    const again = open();
    expect(await screen.findByText(`Step 2 of ${JOURNEY_QUESTIONS.length}`)).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      screen.getByRole('radio', {
        name: JOURNEY_QUESTIONS[0].kind === 'single' ? JOURNEY_QUESTIONS[0].choices[0].label : '',
      }),
    ).toBeChecked();
  });

  it("shows the server's field message and returns to the question it refused", async () => {
    const refused = JOURNEY_QUESTIONS.find((q) => q.kind === 'text')!;
    const message = `An answer to "${refused.question}" is required (at most 2000 characters)`;
    answer = () => ({ status: 400, body: { error: message, fields: { [refused.field]: message } } });
    const { user, router } = open();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByRole('heading', { name: refused.question })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/member/journey');
  });

  it('goes to the dashboard when the answers are on record already', async () => {
    answer = () => ({ status: 409, body: { error: MESSAGES.journeyAnswered, fields: {} } });
    const { user, router } = open();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.journeyAnswered);
  });
});
