export type InstitutionContact = { name: string; email: string };

export type InstitutionMail = { recipient: string; subject: string; body: string };

export const approvalMail = (to: InstitutionContact): InstitutionMail => ({
  recipient: to.email,
  subject: 'Your institution account has been approved',
  body: [
    `Hello ${to.name},`,
    '',
    'Your institution account on the Credit Intelligence Platform has been approved by the administrators.',
    `You can now sign in with ${to.email}.`,
    '',
  ].join('\n'),
});

export const rejectionMail = (to: InstitutionContact, reason: string): InstitutionMail => ({
  recipient: to.email,
  subject: 'Your institution registration was not approved',
  body: [
    `Hello ${to.name},`,
    '',
    'Your institution registration on the Credit Intelligence Platform was not approved by the administrators.',
    '',
    `Reason: ${reason}`,
    '',
    'If you believe this is a mistake, please contact the platform administrators.',
    '',
  ].join('\n'),
});

/** The account's owner, told that its account is under attack (`AccountUnderAttack`). */
export const underAttackMail = (
  to: InstitutionContact,
  attack: { kind: 'admin' | 'institution'; failures: number; hours: number; latestAddress: string | null },
): InstitutionMail => ({
  recipient: to.email,
  subject: 'Failed sign-in attempts on your account',
  body: [
    `Hello ${to.name},`,
    '',
    `There have been ${attack.failures} failed attempts to sign in to your ${attack.kind === 'admin' ? 'administrator' : 'institution'} account`,
    `(${to.email}) on the Credit Intelligence Platform in the last ${attack.hours} hours${attack.latestAddress ? `, the latest from the address ${attack.latestAddress}` : ''}.`,
    '',
    'If these were not you, someone may be trying to guess your password. Your account is not locked:',
    'you can still sign in from the networks you usually sign in from, while an address that keeps failing',
    'is slowed down, then refused. If your password is not strong and used nowhere else, change it',
    '(Forgot password on the sign-in page).',
    '',
    `This message is sent at most once every ${attack.hours} hours; every attempt is in the audit log.`,
    '',
  ].join('\n'),
});
