import type { InvitationInput, TeamUser } from '@dbo/domain/team';
import { http } from '../../lib/api';
import { useGet, useWrite } from '../../lib/query-keys';

export const teamKey = ['company', 'users'] as const;

export const useTeam = () => useGet<TeamUser[]>(teamKey, '/company/users');

export const useInvite = () =>
  useWrite([teamKey], (v: InvitationInput) => http.post<TeamUser>('/company/user-invitation', v));

export const useResend = () =>
  useWrite([teamKey], (id: number) => http.post<TeamUser>(`/company/users/${id}/resend`, {}));

export const useUpdateUser = () =>
  useWrite([teamKey], (v: { id: number; role?: string; active?: boolean }) =>
    http.put<TeamUser>(`/company/users/${v.id}`, { role: v.role, active: v.active }),
  );

export const useRemoveUser = () => useWrite([teamKey], (id: number) => http.del(`/company/users/${id}`));
