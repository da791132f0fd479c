import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { USER_SEARCH_SHOWN, type AdminUser } from '@reflections/contracts/admin';
import { MEMBERSHIP_LABELS, type MembershipType, type Role } from '@reflections/contracts/identity';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useChangeMemberMutation, useSearchUsersQuery } from './admin-api';
import { EraseMemberButton } from './erase-member-dialog';
import { useDebounced } from './use-debounced';
import { WidgetCard } from './widget-card';

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim();

function MemberRow({ user }: { readonly user: AdminUser }) {
  const [changeMember, { isLoading }] = useChangeMemberMutation();
  const { toast } = useToast();
  const name = fullName(user);

  const change = async (change: { membershipType?: MembershipType; role?: Role }, done: string) => {
    try {
      await changeMember({ userId: user.id, change }).unwrap();
      toast({ title: 'Member updated', description: done, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <ListItem disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText primary={name} secondary={user.email} sx={{ minWidth: 180 }} />
      <Stack direction="row" sx={{ gap: 1 }}>
        <TextField
          select
          size="small"
          label={`Membership of ${name}`}
          value={user.membershipType}
          disabled={isLoading}
          onChange={(event) =>
            change(
              { membershipType: event.target.value as MembershipType },
              `${name} is now ${MEMBERSHIP_LABELS[event.target.value as MembershipType]}.`,
            )
          }
          slotProps={{ select: { native: true } }}
          sx={{ width: 150 }}
        >
          {(Object.keys(MEMBERSHIP_LABELS) as MembershipType[]).map((type) => (
            <option key={type} value={type}>
              {MEMBERSHIP_LABELS[type]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={`Role of ${name}`}
          value={user.role}
          disabled={isLoading}
          onChange={(event) =>
            change(
              { role: event.target.value as Role },
              `${name} is now ${event.target.value === 'admin' ? 'an admin' : 'a member'}.`,
            )
          }
          slotProps={{ select: { native: true } }}
          sx={{ width: 120 }}
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </TextField>
        <EraseMemberButton userId={user.id} name={name} />
      </Stack>
    </ListItem>
  );
}

/** Quick user search: name or email contains; at most 5 shown (docs/product.md#admin-panel); membership and role change in place. */
export function UserSearchCard() {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 300);
  const { data, isFetching, error } = useSearchUsersQuery(settled);
  const shown = (data ?? []).slice(0, USER_SEARCH_SHOWN);
  return (
    <WidgetCard title="Quick user search">
      <TextField
        label="Search users"
        placeholder="Name or email"
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {error ? (
        <Alert severity="error">Failed to fetch users</Alert>
      ) : (
        <div aria-busy={isFetching} aria-live="polite">
          {data && shown.length === 0 ? (
            <Typography color="text.secondary">No members match “{settled}”.</Typography>
          ) : (
            <List dense disablePadding aria-label="Users found">
              {shown.map((user) => (
                <MemberRow key={user.id} user={user} />
              ))}
            </List>
          )}
          {data && data.length > USER_SEARCH_SHOWN && (
            <Typography variant="caption" color="text.secondary">
              Showing {USER_SEARCH_SHOWN} of {data.length}
              {data.length >= 20 ? '+' : ''}: refine the search to see others.
            </Typography>
          )}
        </div>
      )}
    </WidgetCard>
  );
}
