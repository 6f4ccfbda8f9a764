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
