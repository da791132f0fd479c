import AdminPage from '../../features/admin/admin-page';
import { ReportsPanel } from '../../features/reports/reports-panel';
import { RequireAuth } from '../../lib/session/require-auth';

/** The admin panel, with the analysts' reports composed into its Community tab. */
export function AdminScreen() {
  return (
    <RequireAuth role="admin" signedOutTo="/signin" loadingLabel="Checking admin access…">
      <AdminPage Reports={ReportsPanel} />
    </RequireAuth>
  );
}
