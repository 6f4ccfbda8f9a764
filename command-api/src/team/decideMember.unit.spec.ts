import { NotFoundError, ValidationError, type EventMetadata, type Recorded, type TeamEvent } from '@credit/events';
import { decideMember, INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_USED, type MemberCommand } from './decideMember';
import { evolveMember, initialMember } from './member';

const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);
const EXPIRES = '2026-12-01T12:00:00.000Z';
const metadata: EventMetadata = {
  actor: { id: '4', role: 'institution', name: 'Banque' },
  correlationId: 'c',
  occurredAt: '2026-11-28T12:00:00.000Z',
};

/** given(events).when(command): the events decided, or the error thrown. */
const given = (...events: TeamEvent[]) => ({
  when: (command: MemberCommand) => {
    const state = events
      .map((event, revision): Recorded<TeamEvent> => ({
        ...event,
        id: `e${revision}`,
        streamId: 'member-9',
        revision,
        position: revision + 1,
        schemaVersion: 1,
        metadata,
        recordedAt: metadata.occurredAt,
      }))
      .reduce(evolveMember, initialMember());
    return () => decideMember(command, state);
  },
});

const invited: TeamEvent = {
  type: 'MemberInvited',
  data: {
    memberId: 9,
    institutionId: 4,
    email: 'ana@bank.test',
    name: 'Ana',
    role: 'analyst',
    tokenHash: HASH,
    expiresAt: EXPIRES,
    language: 'en',
  },
};
const joined: TeamEvent = { type: 'MemberJoined', data: { memberId: 9, institutionId: 4, passwordHash: '$argon2id$x' } };
const before = Date.parse(EXPIRES) - 1;

describe('A team member', () => {
  describe('When the invitation is accepted', () => {
    it('should join with the right token before it expires', () => {
      expect(given(invited).when({ type: 'AcceptInvitation', tokenHash: HASH, passwordHash: '$argon2id$y', now: before })()).toEqual([
        { type: 'MemberJoined', data: { memberId: 9, institutionId: 4, passwordHash: '$argon2id$y' } },
      ]);
    });

    it.each([
      ['a wrong token', [invited], OTHER_HASH, before, INVITATION_INVALID],
      ['an expired token', [invited], HASH, Date.parse(EXPIRES), INVITATION_EXPIRED],
      ['a used token', [invited, joined], HASH, before, INVITATION_USED],
      ['no invitation', [], HASH, before, INVITATION_INVALID],
      [
        'a cancelled invitation',
        [invited, { type: 'InvitationCancelled', data: { memberId: 9, institutionId: 4 } } as TeamEvent],
        HASH,
        before,
        INVITATION_INVALID,
      ],
      [
        'a renewed invitation’s first token',
        [
          invited,
          {
            type: 'MemberInvitationRenewed',
            data: { memberId: 9, institutionId: 4, tokenHash: OTHER_HASH, expiresAt: EXPIRES },
          } as TeamEvent,
        ],
        HASH,
        before,
        INVITATION_INVALID,
      ],
    ])('should refuse %s', (_what, events, tokenHash, now, message) => {
      const accept = given(...events).when({ type: 'AcceptInvitation', tokenHash, passwordHash: '$argon2id$y', now });
      expect(accept).toThrow(ValidationError);
      expect(accept).toThrow(message);
    });
  });

  describe('When another institution’s owner acts on the member', () => {
    it.each<MemberCommand>([
      { type: 'ChangeMemberRole', institutionId: 5, role: 'uploader' },
      { type: 'SuspendMember', institutionId: 5 },
      { type: 'RemoveMember', institutionId: 5 },
      { type: 'RenewInvitation', institutionId: 5, tokenHash: HASH, expiresAt: EXPIRES },
    ])('should answer not found to $type', (command) => {
      expect(given(invited, joined).when(command)).toThrow(NotFoundError);
    });
  });

  describe('When the owner manages the member', () => {
    it('should change the role once, suspend an active member, and cancel (not remove) an invitation', () => {
      expect(given(invited, joined).when({ type: 'ChangeMemberRole', institutionId: 4, role: 'analyst' })()).toEqual([]);
      expect(given(invited, joined).when({ type: 'SuspendMember', institutionId: 4 })()).toEqual([
        { type: 'MemberSuspended', data: { memberId: 9, institutionId: 4 } },
      ]);
      expect(given(invited).when({ type: 'RemoveMember', institutionId: 4 })()).toEqual([
        { type: 'InvitationCancelled', data: { memberId: 9, institutionId: 4 } },
      ]);
      expect(given(invited, joined).when({ type: 'RemoveMember', institutionId: 4 })()).toEqual([
        { type: 'MemberRemoved', data: { memberId: 9, institutionId: 4 } },
      ]);
    });
  });
});
