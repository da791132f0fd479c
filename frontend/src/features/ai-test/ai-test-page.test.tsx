import { MAX_ENTRY_LENGTH, RAI_MESSAGES } from '@reflections/contracts/rai';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import AiTestPage from './ai-test-page';

describe('RAI test page', () => {
  it('generates a prompt for the chosen session type', async () => {
    const seen = answerFetch(() => ({ status: 200, body: { prompt: 'What went unsaid today?' } }));
    const user = userEvent.setup();
    renderScreen(<AiTestPage />);
    await user.selectOptions(screen.getByLabelText('Session type'), 'deep-dive');
    await user.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    expect(await screen.findByText('Prompt Generated')).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveValue('What went unsaid today?');
    expect(seen[0]).toMatchObject({ path: '/api/ai/rai/reflection-prompt', body: { sessionType: 'deep-dive' } });
  });

  it("shows each field's limit and sends nothing past it", async () => {
    const seen = answerFetch(() => ({ status: 200, body: { prompt: 'x' } }));
    const user = userEvent.setup();
    renderScreen(<AiTestPage />);
    expect(screen.getByLabelText('Prompt')).toHaveAccessibleDescription(
      expect.stringContaining('Up to 2,000 characters'),
    );
    fireEvent.change(screen.getByLabelText('Journal entry'), { target: { value: 'a'.repeat(MAX_ENTRY_LENGTH + 1) } });
    expect(screen.getByText(RAI_MESSAGES.tooLong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Process Journal Entry' }));
    expect(seen).toHaveLength(0);
  });

  it('requires a journal entry, then shows the response with the detected mood', async () => {
    const seen = answerFetch(() => ({
      status: 200,
      body: {
        entryId: 'e1',
        response: 'Thank you for writing.',
        mood: 'hopeful',
        insights: ['You named it.'],
        crisis: false,
      },
    }));
    const user = userEvent.setup();
    renderScreen(<AiTestPage />);
    await user.click(screen.getByRole('button', { name: 'Process Journal Entry' }));
    expect(screen.getAllByText(RAI_MESSAGES.journalEntryRequired).length).toBeGreaterThan(0);
    expect(seen).toHaveLength(0);

    await user.type(screen.getByLabelText('Prompt'), 'A prompt');
    await user.type(screen.getByLabelText('Journal entry'), 'Better today.');
    await user.click(screen.getByRole('button', { name: 'Process Journal Entry' }));
    expect(await screen.findByText('Detected mood: hopeful')).toBeInTheDocument();
    expect(screen.getByText('Thank you for writing.')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({
      path: '/api/ai/rai/process-journal',
      body: { journalEntry: 'Better today.', prompt: 'A prompt' },
    });
  });

  it("shows the server's message, or the spec's fallback, on failure", async () => {
    answerFetch(() => ({ status: 500, body: '' }));
    const user = userEvent.setup();
    renderScreen(<AiTestPage />);
    await user.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    expect(await screen.findByText('Failed to generate prompt')).toBeInTheDocument();
  });
});
