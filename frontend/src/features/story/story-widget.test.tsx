import { MAX_STORY_ANSWER, STORY_MESSAGES, type StorySessionView } from '@reflections/contracts/story';
import { fireEvent } from '@testing-library/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, type SeenRequest } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { StoryWidget } from './story-widget';

/** A small stand-in for the story endpoints: the same machine, in memory. */
function storyServer(
  options: { failStart?: boolean; crisisIn?: readonly string[]; refuseUpdate?: Record<string, string> } = {},
) {
  let session: StorySessionView | null = null;
  const seen = answerFetch((request: SeenRequest) => {
    if (request.method === 'GET') return { status: 200, body: session };
    if (request.method === 'POST' && request.path.endsWith('/crisis-banner-dismissal')) {
      session = { ...session!, crisisResources: false };
      return { status: 200, body: session };
    }
    if (request.method === 'POST') {
      if (options.failStart) return { status: 503, body: { error: 'down', fields: {} } };
      session = {
        id: 's1',
        sessionStatus: 'started',
        currentStep: 1,
        aiPrompts: ['Prompt 1'],
        userResponses: [],
        completionTimestamp: null,
        storyText: null,
        sessionDuration: null,
        startedAt: new Date().toISOString(),
        crisisResources: false,
      };
      return { status: 201, body: session };
    }
    if (options.refuseUpdate) return { status: 400, body: { error: 'Invalid request', fields: options.refuseUpdate } };
    const body = request.body as { userResponses: string[] };
    const s = session!;
    const last = s.currentStep === 5;
    session = {
      ...s,
      userResponses: body.userResponses,
      sessionStatus: last ? 'completed' : 'in_progress',
      currentStep: last ? 5 : s.currentStep + 1,
      aiPrompts: last ? s.aiPrompts : [...s.aiPrompts, `Prompt ${s.currentStep + 1}`],
      storyText: last ? body.userResponses.join('\n\n') : null,
      sessionDuration: last ? 0 : null,
      crisisResources: s.crisisResources || (options.crisisIn ?? []).includes(body.userResponses.at(-1) ?? ''),
    };
    return { status: 200, body: session };
  });
  return seen;
}

describe('Five Minute Story widget', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('starts, walks through five steps with progress, and shows the completed story', async () => {
    const seen = storyServer();
    const user = userEvent.setup();
    // The minutes he took are the clock's, not the test run's: a slow runner must not change them.
    let now = Date.parse('2026-11-26T21:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    renderScreen(<StoryWidget memberId="m1" />);

    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    for (let step = 1; step <= 5; step++) {
      if (step === 5) now += 3 * 60_000;
      expect(await screen.findByText(`Step ${step} of 5`)).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Story progress' })).toHaveAttribute(
        'aria-valuenow',
        String(step * 20),
      );
      await user.type(screen.getByLabelText(`Prompt ${step}`), `Answer ${step}`);
      await user.click(screen.getByRole('button', { name: step === 5 ? 'Complete Story' : 'Next' }));
    }
    expect(await screen.findByText('Your story is complete')).toBeInTheDocument();
    expect(screen.getByLabelText('Your story')).toHaveTextContent('Answer 1');

    const puts = seen.filter((r) => r.method === 'PUT');
    expect(puts[0]).toMatchObject({
      path: '/api/five-minute-story/session/s1',
      body: { userResponses: ['Answer 1'], sessionStatus: 'in_progress', currentStep: 2 },
    });
    expect(puts[4].body).toMatchObject({
      userResponses: ['Answer 1', 'Answer 2', 'Answer 3', 'Answer 4', 'Answer 5'],
      sessionStatus: 'completed',
      currentStep: 5,
      sessionDuration: 3,
    });
  });

  it('shows the crisis resources above the next prompt after an answer with crisis language, and keeps them there after a reload', async () => {
    storyServer({ crisisIn: ['I want to sleep and not wake up'] });
    const user = userEvent.setup();
    const { unmount } = renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await user.type(await screen.findByLabelText('Prompt 1'), 'At home');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 5');
    expect(screen.queryByText(/If you are in crisis/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Prompt 2'), 'I want to sleep and not wake up');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 3 of 5');
    expect(screen.getByRole('alert')).toHaveTextContent('If you are in crisis, please reach out now');
    expect(screen.getByRole('link', { name: /988/ })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Prompt 3'), 'My brother came over');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 5');
    expect(screen.getByRole('alert')).toHaveTextContent('If you are in crisis');

    // A reload reads the story back from the server, resources and all.
    unmount();
    renderScreen(<StoryWidget memberId="m1" />);
    await screen.findByText('Step 4 of 5');
    expect(screen.getByRole('alert')).toHaveTextContent('If you are in crisis');
  });

  it('takes the resources down when the member says they are not about him, records it, and brings them back on a later crisis answer', async () => {
    const seen = storyServer({ crisisIn: ['My mother held it all together', 'Some nights I want to kill myself'] });
    const user = userEvent.setup();
    const { unmount } = renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await user.type(await screen.findByLabelText('Prompt 1'), 'My mother held it all together');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 5');
    expect(screen.getByRole('alert')).toHaveTextContent('If you are in crisis');

    await user.click(screen.getByRole('button', { name: "This isn't about me" }));
    await waitFor(() => expect(screen.queryByText(/If you are in crisis/)).not.toBeInTheDocument());
    expect(seen.find((r) => r.path.endsWith('/crisis-banner-dismissal'))).toMatchObject({
      method: 'POST',
      path: '/api/five-minute-story/session/s1/crisis-banner-dismissal',
    });
    unmount();
    renderScreen(<StoryWidget memberId="m1" />);
    await screen.findByText('Step 2 of 5');
    expect(screen.queryByText(/If you are in crisis/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Prompt 2'), 'Some nights I want to kill myself');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 3 of 5');
    expect(screen.getByRole('alert')).toHaveTextContent('If you are in crisis');
  });

  it('shows the answer limit, counts as it nears it, and refuses a longer answer with its own message', async () => {
    const seen = storyServer();
    const user = userEvent.setup();
    renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    const answer = await screen.findByLabelText('Prompt 1');
    expect(screen.getByText('Up to 5,000 characters')).toBeInTheDocument();
    fireEvent.change(answer, { target: { value: 'a'.repeat(4500) } });
    expect(screen.getByText('4,500 / 5,000')).toBeInTheDocument();
    fireEvent.change(answer, { target: { value: 'a'.repeat(MAX_STORY_ANSWER + 1000) } });
    expect(screen.getByText(STORY_MESSAGES.answerTooLong)).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByText(STORY_MESSAGES.answerRequired)).not.toBeInTheDocument();
  });

  it("shows the server's message for the answer when it refuses one", async () => {
    const seen = storyServer({ refuseUpdate: { userResponses: 'Earlier answers cannot be changed' } });
    const user = userEvent.setup();
    renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await screen.findByLabelText('Prompt 1');
    await user.type(screen.getByLabelText('Prompt 1'), 'My answer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Earlier answers cannot be changed')).not.toHaveLength(0);
    expect(screen.getByLabelText('Prompt 1')).toHaveAccessibleDescription(
      expect.stringContaining('Earlier answers cannot be changed'),
    );
    expect(screen.getByLabelText('Prompt 1')).toHaveValue('My answer');
    expect(seen.length).toBeGreaterThan(0);
  });

  it('asks for an answer instead of sending a blank one, and keeps a draft across a reload', async () => {
    const seen = storyServer();
    const user = userEvent.setup();
    const first = renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText(STORY_MESSAGES.answerRequired)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('Prompt 1'), 'half written');
    first.unmount();
    renderScreen(<StoryWidget memberId="m1" />);
    expect(await screen.findByLabelText('Prompt 1')).toHaveValue('half written');
  });

  it('shows an answer kept as plain text before the story kept a form, and sends it', async () => {
    const seen = storyServer();
    const user = userEvent.setup();
    const first = renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await screen.findByLabelText('Prompt 1');
    first.unmount();
    window.localStorage.setItem('reflections.draft.story.m1.s1.1', 'An answer from before');

    renderScreen(<StoryWidget memberId="m1" />);
    expect(await screen.findByLabelText('Prompt 1')).toHaveValue('An answer from before');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ userResponses: ['An answer from before'] }),
    );
  });

  it('says so when the story cannot be started', async () => {
    storyServer({ failStart: true });
    const user = userEvent.setup();
    renderScreen(<StoryWidget memberId="m1" />);
    await user.click(await screen.findByRole('button', { name: 'Start Your Story' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to start story session. Please try again.'),
    );
  });
});
