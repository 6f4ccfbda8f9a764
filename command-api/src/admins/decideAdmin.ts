import {
  ConflictError,
  ForbiddenError,
  identityEvents,
  isEventOf,
  NotFoundError,
  type AdminDetailsChangedData,
  type AdminRole,
  type IdentityEvent,
} from '@credit/events';
import type { Decider } from '../commandHandling';
import { evolveAdmin, initialAdmin, type Admin } from './admin';

export type AdminCommand =
  | { type: 'CreateAdmin'; adminId: number; name: string; email: string; passwordHash: string; role: AdminRole }
  /** `requestedBy` is the administrator asking; `activeAdministrators` counts the active accounts with the administrator role. */
  | { type: 'ChangeAdminRole'; role: AdminRole; requestedBy: number; activeAdministrators: number }
  | { type: 'ChangeAdminDetails'; name?: string; email?: string; profilePhoto?: string | null }
  | { type: 'ChangeAdminPassword'; passwordHash: string; via: 'reset' | 'profile' }
  /** `activeAdmins` counts the active accounts with the administrator role across all admin streams, read from the log by the handler. */
  | { type: 'DeactivateAdmin'; requestedBy: number; activeAdmins: number };

export function decideAdmin(command: AdminCommand, state: Admin): IdentityEvent[] {
  if (command.type === 'CreateAdmin') {
    if (state.status !== 'none') throw new ConflictError('This administrator already exists');
    const { adminId, name, email, passwordHash, role } = command;
    return [{ type: 'AdminCreated', data: { adminId, name, email, passwordHash, role } }];
  }
  if (state.status === 'none') throw new NotFoundError('Administrator not found');
  switch (command.type) {
    case 'ChangeAdminDetails': {
      const data: AdminDetailsChangedData = { adminId: state.id };
      if (command.name !== undefined && command.name !== state.name) data.name = command.name;
      if (command.email !== undefined && command.email !== state.email) data.email = command.email;
      if (command.profilePhoto !== undefined && command.profilePhoto !== state.profilePhoto) data.profilePhoto = command.profilePhoto;
      return Object.keys(data).length === 1 ? [] : [{ type: 'AdminDetailsChanged', data }];
    }
    case 'ChangeAdminRole':
      if (command.role === state.role) return [];
      if (command.requestedBy === state.id) throw new ForbiddenError('You cannot change the role of your own account');
      if (state.status === 'inactive') throw new ConflictError('This administrator is deactivated');
      if (state.role === 'administrator' && command.activeAdministrators <= 1)
        throw new ConflictError('The last active administrator cannot become an auditor');
      return [{ type: 'AdminRoleChanged', data: { adminId: state.id, role: command.role } }];
    case 'ChangeAdminPassword':
      return [{ type: 'AdminPasswordChanged', data: { adminId: state.id, passwordHash: command.passwordHash, via: command.via } }];
    case 'DeactivateAdmin':
      if (state.status === 'inactive') throw new ConflictError('This administrator is already deactivated');
      if (command.requestedBy === state.id) throw new ForbiddenError('You cannot deactivate your own administrator account');
      if (state.role === 'administrator' && command.activeAdmins <= 1)
        throw new ConflictError('The last active administrator cannot be deactivated');
      return [{ type: 'AdminDeactivated', data: { adminId: state.id } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const adminDecider: Decider<Admin, AdminCommand, IdentityEvent> = {
  isEvent: isEventOf(identityEvents),
  initialState: initialAdmin,
  evolve: evolveAdmin,
  decide: decideAdmin,
};
