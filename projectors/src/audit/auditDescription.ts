import { payloadFields, type RecordedEvent } from '@credit/events';

type Data = Record<string, unknown>;
type Describe = (data: Data) => string;

const text = (data: Data, key: string): string | undefined => {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
};
const count = (data: Data, key: string): number | undefined => {
  const value = data[key];
  return typeof value === 'number' ? value : undefined;
};
const listLength = (data: Data, key: string): number => {
  const value = data[key];
  return Array.isArray(value) ? value.length : 0;
};
/** "1 variable", "2 variables": a count with its noun in the right number. */
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const institution = (data: Data) => `institution REG-${String(data.institutionId)}`;
const administrator = (data: Data) => `administrator #${String(data.adminId)}`;
const user = (data: Data) => (data.kind === 'admin' ? `administrator #${String(data.userId)}` : `institution REG-${String(data.userId)}`);
const userKind = (data: Data) => (data.kind === 'admin' ? 'Administrator' : 'Institution');
const member = (data: Data) => `member #${String(data.memberId)}`;
const batch = (data: Data) => `batch ${String(data.batchId)}`;
const capitalised = (sentence: string) => `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
const withReason = (sentence: string, reason: string | undefined) => (reason?.trim() ? `${sentence}: ${reason.trim()}` : sentence);

const SIGN_IN_FAILURES: Record<string, string> = {
  unknown_email: 'unknown email',
  wrong_password: 'wrong password',
  inactive: 'account inactive',
  rate_limited: 'too many attempts',
};

// Lists which details changed and the new name or email; logos and photos are named, never copied.
function changes(data: Data, pictureKey: string, pictureName: string): string {
  const parts: string[] = [];
  if (text(data, 'name') !== undefined) parts.push(`name "${text(data, 'name')}"`);
  if (text(data, 'email') !== undefined) parts.push(`email ${text(data, 'email')}`);
  if (data[pictureKey] !== undefined) parts.push(data[pictureKey] === null ? `${pictureName} removed` : `${pictureName} changed`);
  return parts.join(', ');
}

const passwordChanged = (subject: string, data: Data) =>
  `Password of ${subject} changed ${data.via === 'reset' ? 'by password reset' : 'from the profile'}`;

/**
 * One plain sentence per event type. Only names, emails, ids, counts and reasons are quoted from
 * a payload: password hashes and reset codes never reach the audit log.
 */
const describers: Record<string, Describe> = {
  InstitutionRegistered: (data) => `Institution ${text(data, 'name')} registered`,
  InstitutionApproved: (data) => `Approved ${institution(data)}`,
  InstitutionRejected: (data) => withReason(`Rejected ${institution(data)}`, text(data, 'reason')),
  InstitutionDeactivated: (data) => withReason(`Deactivated ${institution(data)}`, text(data, 'comment')),
  InstitutionActivated: (data) => `Activated ${institution(data)}`,
  InstitutionDetailsChanged: (data) => withReason(`Updated ${institution(data)}`, changes(data, 'logo', 'logo')),
  InstitutionPasswordChanged: (data) => passwordChanged(institution(data), data),
  InstitutionClosed: (data) => `Closed the account of ${institution(data)}`,
  AdminCreated: (data) => `${data.role === 'auditor' ? 'Auditor' : 'Administrator'} ${text(data, 'name')} (${text(data, 'email')}) created`,
  AdminRoleChanged: (data) => `Role of ${administrator(data)} changed to ${text(data, 'role')}`,
  AdminDetailsChanged: (data) => withReason(`Updated ${administrator(data)}`, changes(data, 'profilePhoto', 'profile photo')),
  AdminPasswordChanged: (data) => passwordChanged(administrator(data), data),
  AdminDeactivated: (data) => `Deactivated ${administrator(data)}`,
  UserSignedIn: (data) => `${userKind(data)} ${text(data, 'email')} signed in`,
  SignInFailed: (data) => {
    const reason = SIGN_IN_FAILURES[text(data, 'reason') ?? ''] ?? 'refused';
    return `Failed sign-in for ${text(data, 'email')} (${reason})`;
  },
  SignInThrottled: (data) =>
    data.scope === 'address'
      ? `Sign-ins from this address refused for accounts that have not signed in from it: ${counted(count(data, 'failures') ?? 0, 'failure')} in ${counted(count(data, 'minutes') ?? 0, 'minute')}`
      : `Sign-ins for ${text(data, 'email')} from this address refused: ${counted(count(data, 'failures') ?? 0, 'failure')} in ${counted(count(data, 'minutes') ?? 0, 'minute')}`,
  AccountUnderAttack: (data) =>
    `${userKind(data)} ${text(data, 'email')} under attack: ${counted(count(data, 'failures') ?? 0, 'failed sign-in')} in ${counted(count(data, 'hours') ?? 0, 'hour')}; its owner was told by mail`,
  UserSignedOut: (data) => `${capitalised(user(data))} signed out`,
  PasswordResetRequested: (data) => `Password reset code requested for ${user(data)}`,
  PasswordResetCodeRejected: (data) => `Wrong password reset code entered for ${user(data)}`,
  PasswordResetCodeVerified: (data) => `Password reset code verified for ${user(data)}`,
  BatchUploadStarted: (data) => {
    const file = text(data, 'fileName');
    const rows = count(data, 'totalRows');
    const details = [file, rows === undefined ? undefined : counted(rows, 'row')].filter(Boolean).join(', ');
    return withReason(`Batch "${text(data, 'name') ?? data.batchId}" upload started`, details);
  },
  ClientRecordsUploaded: (data) => `Stored ${counted(listLength(data, 'rows'), 'client record')} of ${batch(data)}`,
  BatchRowsRejected: (data) => `Recorded ${counted(listLength(data, 'errors'), 'row error')} for ${batch(data)}`,
  BatchUploadCompleted: (data) =>
    `Upload of ${batch(data)} completed: ${counted(count(data, 'acceptedRows') ?? 0, 'record')} accepted, ${count(data, 'rejectedRows') ?? 0} rejected`,
  BatchUploadFailed: (data) => withReason(`Upload of ${batch(data)} failed`, text(data, 'reason')),
  VariableCategoryCreated: (data) => `Category "${text(data, 'name')}" created`,
  VariableCategoryUpdated: (data) => `Category "${text(data, 'name')}" updated`,
  VariableCategoryDeleted: (data) => `Category #${String(data.categoryId)} deleted`,
  VariableDefined: (data) => `Variable "${text(data, 'name')}" (code ${String(data.uniqueCode)}) defined`,
  VariableUpdated: (data) => `Variable "${text(data, 'name')}" (code ${String(data.uniqueCode)}) updated`,
  VariableDeleted: (data) => `Variable #${String(data.variableId)} deleted`,
  VariableProportionsRedistributed: (data) =>
    `Proportions of ${counted(listLength(data, 'proportions'), 'variable')} in category #${String(data.categoryId)} redistributed`,
  ParameterTemplateCreated: (data) => `Parameter template "${text(data, 'name')}" (code ${String(data.uniqueCode)}) created`,
  ParameterTemplateUpdated: (data) =>
    `Parameter template "${text(data, 'name')}" updated${data.isActive === false ? ' (inactive)' : data.isActive === true ? ' (active)' : ''}`,
  ParameterTemplateDeleted: (data) => `Parameter template #${String(data.parameterId)} deleted`,
  InstitutionParametersSet: (data) =>
    data.reason === 'reset'
      ? `Reset ${counted(listLength(data, 'changes'), 'parameter value')} of ${institution(data)} to defaults`
      : `Set ${counted(listLength(data, 'changes'), 'parameter value')} of ${institution(data)}`,
  InstitutionParameterValueRemoved: (data) => `Removed the value of parameter "${text(data, 'parameterName')}" for ${institution(data)}`,
  InstitutionParametersConfirmed: (data) => `Confirmed the parameter values of ${institution(data)} as they stand`,
  ResultsExported: (data) => {
    const scope =
      typeof data.batchId === 'number' ? ` of ${batch(data)}` : typeof data.institutionId === 'number' ? ` of ${institution(data)}` : '';
    return `Exported ${counted(count(data, 'rows') ?? 0, 'result')}${scope} as ${text(data, 'format') ?? 'a file'}`;
  },
  TemplateDownloaded: (data) =>
    `Downloaded the ${data.file === 'sample' ? 'sample file' : 'upload template'} (${text(data, 'format') ?? 'csv'})`,
  MemberInvited: (data) => `Invited ${text(data, 'name')} (${text(data, 'email')}) to the team as ${text(data, 'role')}`,
  MemberInvitationRenewed: (data) => `Sent the invitation of ${member(data)} again`,
  InvitationCancelled: (data) => `Cancelled the invitation of ${member(data)}`,
  MemberJoined: (data) => `${capitalised(member(data))} joined the team`,
  MemberRoleChanged: (data) => `Role of ${member(data)} changed to ${text(data, 'role')}`,
  MemberSuspended: (data) => `${capitalised(member(data))} suspended`,
  MemberReactivated: (data) => `${capitalised(member(data))} reactivated`,
  MemberRemoved: (data) => `${capitalised(member(data))} removed from the team`,
  MemberPasswordChanged: (data) => `Password of ${member(data)} changed${data.via === 'reset' ? ' (reset)' : ''}`,
  MemberSignedOut: (data) => `${capitalised(member(data))} signed out`,
  LogVerified: (data) =>
    data.outcome === 'intact'
      ? `Verified the event log: intact up to position ${count(data, 'headPosition') ?? 0}`
      : withReason(`Verified the event log: BROKEN at position ${count(data, 'brokenAt') ?? '?'}`, text(data, 'reason')),
};

const words = (identifier: string) => identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** For event types without a sentence of their own: the type in words, with the subject's name and id when it has them. */
function genericDescription(type: string, data: Data): string {
  const sentence = words(type);
  const name = text(data, 'name');
  const idKey = Object.keys(data).find((key) => key.endsWith('Id') && typeof data[key] === 'number');
  const subject = [name === undefined ? '' : `"${name}"`, idKey ? `(${words(idKey.slice(0, -2))} #${String(data[idKey])})` : '']
    .filter(Boolean)
    .join(' ');
  return `${capitalised(sentence)}${subject ? ` ${subject}` : ''}`;
}

export function auditDescription(event: Pick<RecordedEvent, 'type' | 'data'> & { metadata?: RecordedEvent['metadata'] }): string {
  const data = payloadFields(event.data);
  const describe = describers[event.type];
  const sentence = describe ? describe(data) : genericDescription(event.type, data);
  // A team member acting for its institution is named, so the activity list says who did it, not only which institution.
  const acting = event.metadata?.actor.member;
  return acting ? `${sentence} (by ${acting.name}, ${acting.role})` : sentence;
}
