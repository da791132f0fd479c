import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { EraseMemberButton } from './erase-member-dialog';

describe("an admin deleting a member's account", () => {
  it('asks why, says what it does, and sends the chosen reason only once confirmed', async () => {
    const seen = answerFetch(() => ({ status: 200, body: { erased: true } }));
    renderScreen(<EraseMemberButton userId="0b1a6640-665d-40ad-a0c2-e7a481dd931a" name="Sam Reed" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('dialog', { name: "Delete Sam Reed's account?" })).toBeInTheDocument();
    expect(screen.getByText(/cannot be undone/)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'He deleted his account himself' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reason'), 'duplicate-account');
    expect(seen.some((request) => request.path.includes('/erase'))).toBe(false);

    await user.click(screen.getAllByRole('button', { name: 'Delete account' }).at(-1)!);
    await waitFor(() =>
      expect(seen.find((request) => request.path.includes('/erase'))).toMatchObject({
        method: 'POST',
        path: '/api/admin/users/0b1a6640-665d-40ad-a0c2-e7a481dd931a/erase',
        body: { reason: 'duplicate-account' },
      }),
    );
    expect(await screen.findByText(/can no longer be read/)).toBeInTheDocument();
  });
});
