import AdminPage from '../features/admin/admin-page';
import { ReportsPanel } from '../features/reports/reports-panel';

/** The admin panel with the analysts' reports in its Community tab: features meet here, in the app. */
export default function AdminScreen() {
  return <AdminPage reports={<ReportsPanel />} />;
}
