import { MESSAGES } from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import JourneyPage from './journey-page';
import { forgetJourney } from './journey-storage';
import { preferReducedMotion } from '../../../test/reduced-motion';

let answer: (request: SeenRequest) => Answer;
let requests: SeenRequest[];
preferReducedMotion();

beforeEach(() => {
  forgetJourney();
  // Typing finishes at once, as it does for people who ask for reduced motion.
  answer = () => ({ status: 201, body: { user: {} } });
  requests = answerFetch((request) => answer(request));
});

function open() {
  const user = userEvent.setup({ delay: null });
  const { router } = renderRoutes(
    [
      { path: '/journey', element: <JourneyPage /> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    '/journey',
  );
  return { user, router };
}

const next = () => screen.getByRole('button', { name: 'Next' });

async function giveName(user: UserEvent, name = 'Sam') {
  await user.type(await screen.findByLabelText('First name'), name);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/**
 * Answers the questions of steps 2 to 16 the way a person would, with the mouse. Found by their
 * labels, not their roles: a role query computes every candidate's accessible name through
 * jsdom's getComputedStyle, which walks every stylesheet rule, and this walk is the heaviest part
 * of the frontend suite (the roles themselves are checked by the tests of single steps above).
 */
async function answerQuestions(user: UserEvent) {
  for (const question of JOURNEY_QUESTIONS) {
    await screen.findByText(question.question, { selector: 'h1' });
    if (question.kind === 'text') {
      await user.click(screen.getByLabelText(question.question, { selector: 'textarea,input' }));
      await user.paste(`About ${question.field}`);
    } else await user.click(screen.getByLabelText(question.choices[0].label));
    await user.click(screen.getByText('Next', { selector: 'button' }));
  }
}

async function reachTerms(user: UserEvent) {
  await giveName(user);
  await answerQuestions(user);
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.click(next());
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(next());
  await screen.findByText('Step 19 of 19');
}

describe('journey page', () => {
  it('types the intro, then asks for a first name that is not blank', async () => {
    const { user } = open();
    expect(screen.getByText(/glad you are here/)).toBeInTheDocument();
    const name = await screen.findByLabelText('First name');
    expect(name).toHaveFocus();
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toBeDisabled();
    await user.type(name, '   ');
    expect(cont).toBeDisabled();
    await user.type(name, 'Sam{Enter}');
    expect(await screen.findByText('Step 2 of 19')).toBeInTheDocument();
  });

  it('keeps Next disabled until the question is answered, and Enter then moves on', async () => {
    const { user } = open();
    await giveName(user);
    expect(await screen.findByRole('heading', { name: 'How do you identify?' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Journey progress' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((2 / 19) * 100)),
    );
    expect(next()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Step 2 of 19')).toBeInTheDocument();

    // Arrow keys choose within the radio group, as with any radios.
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(next()).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Which age range are you in?' })).toBeInTheDocument();
  });

  it('takes Enter as Next even when focus has left the form, so it never falls through to leave the journey', async () => {
    const { user, router } = open();
    await giveName(user);
    await user.click(await screen.findByRole('radio', { name: 'Male' }));
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Which age range are you in?' })).toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Enter}');
    expect(screen.getByText('Step 3 of 19')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/journey');
  });

  it('comes back after a reload at the same step with every answer but the password', async () => {
    const first = open();
    await giveName(first.user);
    await first.user.click(await screen.findByRole('radio', { name: 'Male' }));
    await first.user.click(next());
    await screen.findByText('Step 3 of 19');
    first.router.dispose();
    cleanup();

    const again = open();
    expect(await screen.findByText('Step 3 of 19')).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
  });

  it('asks before a link takes the person away mid-journey, and stays if they choose', async () => {
    const { user, router } = open();
    await giveName(user);
    await screen.findByText('Step 2 of 19');
    act(() => void router.navigate('/dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave your journey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the journey' }));
    expect(router.state.location.pathname).toBe('/journey');
    act(() => void router.navigate('/dashboard'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back with the answer kept', async () => {
    const { user } = open();
    await giveName(user);
    await user.click(await screen.findByRole('radio', { name: 'Male' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
  });

  it('asks returnToSelf with checkboxes and needs at least one', async () => {
    const { user } = open();
    await giveName(user);
    for (const question of JOURNEY_QUESTIONS.slice(0, 5)) {
      await user.click(await screen.findByLabelText(question.kind === 'single' ? question.choices[0].label : ''));
      await user.click(screen.getByText('Next', { selector: 'button' }));
    }
    const group = await screen.findByRole('group', { name: 'What brings you back to yourself?' });
    expect(screen.getByText('Choose as many as are true.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(within(group).getByRole('checkbox', { name: 'Time outdoors' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Slowing my breathing' }));
    expect(next()).toBeEnabled();
    await user.click(within(group).getByRole('checkbox', { name: 'Time outdoors' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Slowing my breathing' }));
    expect(next()).toBeDisabled();
  });

  it('tells what is wrong with the email and the password once the person has had a go', async () => {
    const { user } = open();
    await giveName(user);
    await answerQuestions(user);

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    await user.type(email, 'sam');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeDisabled();
    await user.type(email, '@example.com');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    const password = await screen.findByLabelText('Password');
    await user.type(password, '12345');
    await user.tab();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.type(password, '6');
    expect(screen.queryByText(MESSAGES.passwordTooShort)).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
    fireEvent.change(password, { target: { value: 'p'.repeat(201) } });
    expect(screen.getByText(MESSAGES.passwordTooLong)).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('offers account creation only once the terms are accepted, and sends the whole payload', async () => {
    const { user, router } = open();
    await reachTerms(user);

    expect(screen.getByRole('link', { name: /terms and disclaimer/ })).toHaveAttribute('href', '/terms-disclaimer');
    expect(screen.getByRole('link', { name: /terms and disclaimer/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/not therapy or a crisis service/)).toHaveTextContent(
      'Reflections and RAI are not therapy or a crisis service. If you are in crisis, text HOME to 741741 to reach the Crisis Text Line, call or text 988, or call 911.',
    );
    const create = screen.getByRole('button', { name: 'Create my account' });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the terms and disclaimer' }));
    expect(create).toBeEnabled();

    await user.click(create);
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Account Created');

    const registration = requests.find((r) => r.path === '/api/auth/register');
    expect(registration).toMatchObject({ method: 'POST' });
    expect(registration?.body).toEqual({
      firstName: 'Sam',
      ...Object.fromEntries(
        JOURNEY_QUESTIONS.map((q) => [
          q.field,
          q.kind === 'text' ? `About ${q.field}` : q.kind === 'multiple' ? [q.choices[0].value] : q.choices[0].value,
        ]),
      ),
      email: 'sam@example.com',
      password: 'secret1',
      acceptedTerms: true,
      archetype: '',
    });
  });

  // The full mapping is unit-tested in registration-error.test.ts; here, one that sends the person back and one that cannot.
  it.each([
    [409, MESSAGES.emailTaken, 'Email Already in Use', 'Step 17 of 19'],
    [503, 'The event store is not reachable right now', 'Registration Failed', 'Step 19 of 19'],
  ])('turns a %s "%s" into "%s" and shows %s', async (status, error, title, where) => {
    answer = (request) =>
      request.path === '/api/auth/register'
        ? { status, body: { error, fields: {} } }
        : { status: 401, body: { error: 'Not signed in', fields: {} } };
    const { user, router } = open();
    await reachTerms(user);
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the terms and disclaimer' }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(title);
    expect(toast).toHaveTextContent(error);
    await waitFor(() => expect(screen.getByText(where)).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/journey');
  });
});
