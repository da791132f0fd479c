import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { DownloadMyData } from './download-my-data';

describe('download my data', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads everything as JSON, and the reflections of a date range as a PDF', async () => {
    const seen = answerFetch(() => ({
      status: 200,
      body: '{}',
      headers: { 'Content-Disposition': 'attachment; filename="reflections-data-2026-11-24.json"' },
    }));
    renderScreen(<DownloadMyData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download all my data (JSON)' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    await userEvent.click(screen.getByRole('button', { name: 'Reflections as PDF' }));
    expect(seen.map((request) => request.path)).toEqual([
      '/api/me/export',
      '/api/me/export/reflections.pdf?from=2026-11-01&to=2026-11-24',
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('refuses a range that ends before it starts, with the server’s words', () => {
    renderScreen(<DownloadMyData />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('from must not be after to')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reflections as PDF' })).toBeDisabled();
  });

  it('shows that a slow download is on its way, and says why one failed', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const seen = answerFetch(() => new Promise((resolve) => (answer = resolve)));
    renderScreen(<DownloadMyData />);
    await userEvent.click(screen.getByRole('button', { name: 'As Markdown' }));
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Past PROGRESS_AFTER_MS the indicator shows; how long exactly is not this test's business.
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing your file…');
    await act(async () => answer({ status: 400, body: { error: 'Dates must be written YYYY-MM-DD', fields: {} } }));
    expect(await screen.findByText('Dates must be written YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
