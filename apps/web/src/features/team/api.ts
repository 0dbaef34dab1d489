import * as api from '@dbo/domain/endpoints/team';
import type { InvitationInput } from '@dbo/domain/team';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { useWrite } from '../../lib/query-keys';

/** A staff user as Settings → Team lists it. */
export type TeamUser = Answer<typeof api.teamUsers>[number];

export const teamKey = ['company', 'users'] as const;

export const useTeam = () => useQuery(endpointQuery(teamKey, api.teamUsers, {}));

export const useInvite = () => useWrite([teamKey], (v: InvitationInput) => call(api.inviteUser, { body: v }));

export const useResend = () => useWrite([teamKey], (id: number) => call(api.resendInvitation, { params: { id } }));

export const useUpdateUser = () =>
  useWrite([teamKey], (v: { id: number; role?: InvitationInput['role']; active?: boolean }) =>
    call(api.updateTeamUser, { params: { id: v.id }, body: { role: v.role, active: v.active } }),
  );

export const useRemoveUser = () => useWrite([teamKey], (id: number) => call(api.removeTeamUser, { params: { id } }));
