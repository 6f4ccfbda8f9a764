import type { ReactNode } from 'react';
import type { TeamRole } from '../shared/types';
import { useAppSelector } from './hooks';

/** What a team member may be offered; the server refuses the rest anyway (one rule, assertRoleMayCall). */
export type MemberAction = 'upload' | 'parameters' | 'team';

const MAY: Record<TeamRole, readonly MemberAction[]> = {
  owner: ['upload', 'parameters', 'team'],
  uploader: ['upload'],
  analyst: [],
};

/** Whether the signed-in institution user may do the action: always for the owner (and an admin), by role for a member. */
export function useMemberMay(action: MemberAction): boolean {
  return useAppSelector((state) => {
    const role = state.session.user?.teamRole;
    return role === null || role === undefined || MAY[role].includes(action);
  });
}

/** Its children (an upload card, an Edit button, the team's link) only for a member whose role may do the action. */
export function MemberMay({ action, children }: { action: MemberAction; children: ReactNode }) {
  return useMemberMay(action) ? children : null;
}
