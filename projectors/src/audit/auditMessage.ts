import { payloadFields, type RecordedEvent } from '@credit/events';

type Data = Record<string, unknown>;
export type AuditMessageParams = Record<string, string | number>;

/**
 * An audit description as a code and its parts, so a page can say it in its reader's language
 * (`description` keeps the English sentence for API clients). The code is the event type, with a
 * variant after a dot where the English sentence has one (its parts joined by `_`); `count` is the
 * figure a plural agrees with.
 * Parts are the payload's own values (names, emails, ids, counts, reasons, roles), never a phrase.
 */
export type AuditMessage = { code: string; params: AuditMessageParams };

type Encode = (data: Data) => AuditMessage;

const text = (data: Data, key: string): string => {
  const value = data[key];
  return typeof value === 'string' ? value : '';
};
const number = (data: Data, key: string): number => {
  const value = data[key];
  return typeof value === 'number' ? value : 0;
};
const listLength = (data: Data, key: string): number => {
  const value = data[key];
  return Array.isArray(value) ? value.length : 0;
};
const id = (data: Data, key: string) => String(data[key]);

/** A reason or comment, when there is one: the code's variant gets `reason` (`Type.reason`, `Type.variant_reason`), and quotes it. */
function withReason(code: string, params: AuditMessageParams, reason: string): AuditMessage {
  if (!reason.trim()) return { code, params };
  return { code: code.includes('.') ? `${code}_reason` : `${code}.reason`, params: { ...params, reason: reason.trim() } };
}

const subject = (data: Data, key: string) =>
  data.kind === 'admin' ? { code: 'admin', id: id(data, key) } : { code: 'institution', id: id(data, key) };

// The changed details of an institution or administrator: which of name, email and picture, in that order.
function changes(data: Data, pictureKey: string): AuditMessage {
  const parts: string[] = [];
  const params: AuditMessageParams = {};
  if (typeof data.name === 'string') {
    parts.push('name');
    params.name = data.name;
  }
  if (typeof data.email === 'string') {
    parts.push('email');
    params.email = data.email;
  }
  if (data[pictureKey] !== undefined) parts.push(data[pictureKey] === null ? 'pictureRemoved' : 'pictureChanged');
  return { code: parts.join('_') || 'nothing', params };
}

const detailsChanged = (type: string, data: Data, idKey: string, pictureKey: string): AuditMessage => {
  const changed = changes(data, pictureKey);
  return changed.code === 'nothing'
    ? { code: type, params: { id: id(data, idKey) } }
    : { code: `${type}.${changed.code}`, params: { id: id(data, idKey), ...changed.params } };
};

const encoders: Record<string, Encode> = {
  InstitutionRegistered: (data) => ({ code: 'InstitutionRegistered', params: { name: text(data, 'name') } }),
  InstitutionApproved: (data) => ({ code: 'InstitutionApproved', params: { id: id(data, 'institutionId') } }),
  InstitutionRejected: (data) => withReason('InstitutionRejected', { id: id(data, 'institutionId') }, text(data, 'reason')),
  InstitutionDeactivated: (data) => withReason('InstitutionDeactivated', { id: id(data, 'institutionId') }, text(data, 'comment')),
  InstitutionActivated: (data) => ({ code: 'InstitutionActivated', params: { id: id(data, 'institutionId') } }),
  InstitutionDetailsChanged: (data) => detailsChanged('InstitutionDetailsChanged', data, 'institutionId', 'logo'),
  InstitutionPasswordChanged: (data) => ({
    code: `InstitutionPasswordChanged.${data.via === 'reset' ? 'reset' : 'profile'}`,
    params: { id: id(data, 'institutionId') },
  }),
  InstitutionClosed: (data) => ({ code: 'InstitutionClosed', params: { id: id(data, 'institutionId') } }),
  AdminCreated: (data) => ({
    code: `AdminCreated.${data.role === 'auditor' ? 'auditor' : 'admin'}`,
    params: { name: text(data, 'name'), email: text(data, 'email') },
  }),
  AdminRoleChanged: (data) => ({ code: 'AdminRoleChanged', params: { id: id(data, 'adminId'), role: text(data, 'role') } }),
  AdminDetailsChanged: (data) => detailsChanged('AdminDetailsChanged', data, 'adminId', 'profilePhoto'),
  AdminPasswordChanged: (data) => ({
    code: `AdminPasswordChanged.${data.via === 'reset' ? 'reset' : 'profile'}`,
    params: { id: id(data, 'adminId') },
  }),
  AdminDeactivated: (data) => ({ code: 'AdminDeactivated', params: { id: id(data, 'adminId') } }),
  UserSignedIn: (data) => ({
    code: `UserSignedIn.${data.kind === 'admin' ? 'admin' : 'institution'}`,
    params: { email: text(data, 'email') },
  }),
  SignInFailed: (data) => {
    const reason = ['unknown_email', 'wrong_password', 'inactive', 'rate_limited'].includes(text(data, 'reason'))
      ? text(data, 'reason')
      : 'refused';
    return { code: `SignInFailed.${reason}`, params: { email: text(data, 'email') } };
  },
  SignInThrottled: (data) => ({
    code: `SignInThrottled.${data.scope === 'address' ? 'address' : 'account'}`,
    params: { email: text(data, 'email'), count: number(data, 'failures'), minutes: number(data, 'minutes') },
  }),
  AccountUnderAttack: (data) => ({
    code: `AccountUnderAttack.${data.kind === 'admin' ? 'admin' : 'institution'}`,
    params: { email: text(data, 'email'), count: number(data, 'failures'), hours: number(data, 'hours') },
  }),
  UserSignedOut: (data) => {
    const who = subject(data, 'userId');
    return { code: `UserSignedOut.${who.code}`, params: { id: who.id } };
  },
  PasswordResetRequested: (data) => {
    const who = subject(data, 'userId');
    return { code: `PasswordResetRequested.${who.code}`, params: { id: who.id } };
  },
  PasswordResetCodeRejected: (data) => {
    const who = subject(data, 'userId');
    return { code: `PasswordResetCodeRejected.${who.code}`, params: { id: who.id } };
  },
  PasswordResetCodeVerified: (data) => {
    const who = subject(data, 'userId');
    return { code: `PasswordResetCodeVerified.${who.code}`, params: { id: who.id } };
  },
  BatchUploadStarted: (data) => {
    const params: AuditMessageParams = { name: typeof data.name === 'string' ? data.name : id(data, 'batchId') };
    const file = text(data, 'fileName');
    const rows = data.totalRows;
    const parts = [file ? 'file' : '', typeof rows === 'number' ? 'rows' : ''].filter(Boolean);
    if (file) params.fileName = file;
    if (typeof rows === 'number') params.count = rows;
    return { code: ['BatchUploadStarted', ...(parts.length ? [parts.join('_')] : [])].join('.'), params };
  },
  ClientRecordsUploaded: (data) => ({
    code: 'ClientRecordsUploaded',
    params: { batchId: id(data, 'batchId'), count: listLength(data, 'rows') },
  }),
  BatchRowsRejected: (data) => ({ code: 'BatchRowsRejected', params: { batchId: id(data, 'batchId'), count: listLength(data, 'errors') } }),
  BatchUploadCompleted: (data) => ({
    code: 'BatchUploadCompleted',
    params: { batchId: id(data, 'batchId'), count: number(data, 'acceptedRows'), rejected: number(data, 'rejectedRows') },
  }),
  BatchUploadFailed: (data) => withReason('BatchUploadFailed', { batchId: id(data, 'batchId') }, text(data, 'reason')),
  VariableCategoryCreated: (data) => ({ code: 'VariableCategoryCreated', params: { name: text(data, 'name') } }),
  VariableCategoryUpdated: (data) => ({ code: 'VariableCategoryUpdated', params: { name: text(data, 'name') } }),
  VariableCategoryDeleted: (data) => ({ code: 'VariableCategoryDeleted', params: { id: id(data, 'categoryId') } }),
  VariableDefined: (data) => ({ code: 'VariableDefined', params: { name: text(data, 'name'), code: id(data, 'uniqueCode') } }),
  VariableUpdated: (data) => ({ code: 'VariableUpdated', params: { name: text(data, 'name'), code: id(data, 'uniqueCode') } }),
  VariableDeleted: (data) => ({ code: 'VariableDeleted', params: { id: id(data, 'variableId') } }),
  VariableProportionsRedistributed: (data) => ({
    code: 'VariableProportionsRedistributed',
    params: { count: listLength(data, 'proportions'), id: id(data, 'categoryId') },
  }),
  ParameterTemplateCreated: (data) => ({
    code: 'ParameterTemplateCreated',
    params: { name: text(data, 'name'), code: id(data, 'uniqueCode') },
  }),
  ParameterTemplateUpdated: (data) => ({
    code: `ParameterTemplateUpdated${data.isActive === false ? '.inactive' : data.isActive === true ? '.active' : ''}`,
    params: { name: text(data, 'name') },
  }),
  ParameterTemplateDeleted: (data) => ({ code: 'ParameterTemplateDeleted', params: { id: id(data, 'parameterId') } }),
  InstitutionParametersSet: (data) => ({
    code: `InstitutionParametersSet${data.reason === 'reset' ? '.reset' : ''}`,
    params: { count: listLength(data, 'changes'), id: id(data, 'institutionId') },
  }),
  InstitutionParameterValueRemoved: (data) => ({
    code: 'InstitutionParameterValueRemoved',
    params: { name: text(data, 'parameterName'), id: id(data, 'institutionId') },
  }),
  InstitutionParametersConfirmed: (data) => ({ code: 'InstitutionParametersConfirmed', params: { id: id(data, 'institutionId') } }),
  ResultsExported: (data) => {
    const params: AuditMessageParams = { count: number(data, 'rows') };
    const variant: string[] = [];
    if (typeof data.batchId === 'number') {
      variant.push('batch');
      params.batchId = data.batchId;
    } else if (typeof data.institutionId === 'number') {
      variant.push('institution');
      params.id = data.institutionId;
    }
    const format = text(data, 'format');
    if (format) params.format = format;
    else variant.push('file');
    return { code: variant.length ? `ResultsExported.${variant.join('_')}` : 'ResultsExported', params };
  },
  TemplateDownloaded: (data) => ({
    code: `TemplateDownloaded${data.file === 'sample' ? '.sample' : ''}`,
    params: { format: text(data, 'format') },
  }),
  SystemSettingsChanged: () => ({ code: 'SystemSettingsChanged', params: {} }),
  DatabaseAccessIssued: (data): AuditMessage =>
    typeof data.institutionId === 'number'
      ? { code: 'DatabaseAccessIssued.institution', params: { id: data.institutionId } }
      : { code: 'DatabaseAccessIssued', params: {} },
  DatabaseAccessRevoked: () => ({ code: 'DatabaseAccessRevoked', params: {} }),
  MemberInvited: (data) => ({
    code: 'MemberInvited',
    params: { name: text(data, 'name'), email: text(data, 'email'), role: text(data, 'role') },
  }),
  MemberInvitationRenewed: (data) => ({ code: 'MemberInvitationRenewed', params: { id: id(data, 'memberId') } }),
  InvitationCancelled: (data) => ({ code: 'InvitationCancelled', params: { id: id(data, 'memberId') } }),
  MemberJoined: (data) => ({ code: 'MemberJoined', params: { id: id(data, 'memberId') } }),
  MemberRoleChanged: (data) => ({ code: 'MemberRoleChanged', params: { id: id(data, 'memberId'), role: text(data, 'role') } }),
  MemberSuspended: (data) => ({ code: 'MemberSuspended', params: { id: id(data, 'memberId') } }),
  MemberReactivated: (data) => ({ code: 'MemberReactivated', params: { id: id(data, 'memberId') } }),
  MemberRemoved: (data) => ({ code: 'MemberRemoved', params: { id: id(data, 'memberId') } }),
  MemberPasswordChanged: (data) => ({
    code: `MemberPasswordChanged${data.via === 'reset' ? '.reset' : ''}`,
    params: { id: id(data, 'memberId') },
  }),
  MemberSignedOut: (data) => ({ code: 'MemberSignedOut', params: { id: id(data, 'memberId') } }),
  LogVerified: (data) =>
    data.outcome === 'intact'
      ? { code: 'LogVerified.intact', params: { position: number(data, 'headPosition') } }
      : withReason('LogVerified.broken', { position: typeof data.brokenAt === 'number' ? data.brokenAt : '?' }, text(data, 'reason')),
};

/**
 * The event's description as a code and parts, or null for an event type without a sentence of its
 * own (a page shows the English description then). A team member acting for its institution is named
 * in `byName` and `byRole`, as the English sentence names them.
 */
export function auditMessage(event: Pick<RecordedEvent, 'type' | 'data'> & { metadata?: RecordedEvent['metadata'] }): AuditMessage | null {
  const encode = encoders[event.type];
  if (!encode) return null;
  const message = encode(payloadFields(event.data));
  const acting = event.metadata?.actor.member;
  return acting ? { code: message.code, params: { ...message.params, byName: acting.name, byRole: acting.role } } : message;
}
