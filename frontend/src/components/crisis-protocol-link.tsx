import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

/** Where RAI's disclosure points: what RAI does when it hears risk, and what it never does (/crisis-protocol). */
export function CrisisProtocolLink() {
  return (
    <Link component={RouterLink} to="/crisis-protocol" color="inherit" sx={{ fontWeight: 600 }}>
      What RAI does in a crisis
    </Link>
  );
}
