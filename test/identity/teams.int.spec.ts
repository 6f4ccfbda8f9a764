import { approvedInstitution, bearer, decodeToken, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startSmtpServer, type ReceivedMail, type SmtpSink } from '../support/smtpServer';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';

const PASSWORD = 'Member-Pass1!';
const ANALYST_READ_ONLY = { status: 403, body: { success: false, message: 'Analysts have read-only access' } };
const UPLOADER_REFUSED = { status: 403, body: { success: false, message: 'Uploaders may upload batches and read, nothing else' } };
const OWNER_ONLY = { status: 403, body: { success: false, message: "Only the institution's owner manages its team" } };

/** A mail's text as sent (quoted-printable undone: soft line breaks joined, `=XX` bytes decoded). */
const textOf = (mail: ReceivedMail): string =>
  Buffer.from(
    mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('Institution teams', () => {
  let smtp: SmtpSink;
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  let intruder: TestInstitution;
  let batchId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    platform = await startTestPlatform({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'platform@credit.test' } });
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque des Équipes');
    intruder = await approvedInstitution(platform, admin, 'Intruder Microfinance');
    const { headers, rows } = starterRows(4, 23);
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) });
    expect(uploaded.status).toBe(201);
    batchId = uploaded.body.data.batch.id as number;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
  });
  afterAll(async () => {
    await platform.close();
    await smtp.close();
  });

  const request = (path: string, token: string | null, method = 'GET', json?: unknown) =>
    platform.request(path, { method, headers: token ? bearer(token) : {}, ...(json === undefined ? {} : { json }) });
  const signIn = (email: string, password = PASSWORD) =>
    platform.request('/api/institution/login', { method: 'POST', json: { email, password } });
  const headPosition = async () => (await platform.store.head()).position;

  /** The token of the link in the last invitation mail sent to `email`. */
  const invitationToken = async (email: string, after = 0): Promise<string> => {
    const mail = await smtp.waitForMail((candidate) => candidate.to[0]?.includes(email) && smtp.received.indexOf(candidate) >= after);
    const link = /https?:\/\/\S+\/accept-invitation\?token=(\S+)/.exec(textOf(mail));
    if (!link) throw new Error(`no invitation link in ${textOf(mail)}`);
    return decodeURIComponent(link[1]);
  };

  /** Invites a member as the bank's owner, accepts the mailed invitation, signs in: the member's token. */
  const joinedMember = async (name: string, email: string, role: 'analyst' | 'uploader', owner = bank) => {
    const invited = await request('/api/institution/members', owner.token, 'POST', { name, email, role });
    expect(invited).toMatchObject({ status: 201, body: { success: true, data: { email, role, status: 'invited' } } });
    const token = await invitationToken(email);
    const accepted = await platform.request('/api/members/accept', {
      method: 'POST',
      json: { token, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, data: { email, role } } });
    const login = await signIn(email);
    expect(login.status).toBe(200);
    return { id: invited.body.data.id as number, email, name, token: login.body.token as string, login };
  };

  describe('When the owner invites an analyst', () => {
    let analyst: Awaited<ReturnType<typeof joinedMember>>;

    beforeAll(async () => {
      analyst = await joinedMember('Ana Analyste', 'ana@equipes.test', 'analyst');
    });

    it('should mail a link that sets a password, valid 72 hours, and sign the analyst in on the institution sign-in', async () => {
      const mail = await smtp.waitForMail((candidate) => candidate.to[0]?.includes('ana@equipes.test'));
      expect(textOf(mail)).toContain('Banque des Équipes invites you to join its team');
      expect(textOf(mail)).toContain('valid for 72 hours');
      expect(analyst.login.body).toMatchObject({
        success: true,
        institutionName: 'Banque des Équipes',
        teamRole: 'analyst',
        memberName: 'Ana Analyste',
        memberId: analyst.id,
      });
      expect(decodeToken(analyst.token)).toMatchObject({
        id: bank.id,
        role: 'institution',
        member_id: analyst.id,
        member_role: 'analyst',
        member_name: 'Ana Analyste',
      });
      const owner = await signIn(bank.email, bank.password);
      expect(owner.body).toMatchObject({ teamRole: 'owner' });
      expect(decodeToken(owner.body.token as string).member_id).toBeUndefined();
    });

    it("should let the analyst read the institution's dashboard, results, batch and client details, and export", async () => {
      for (const path of [
        '/api/institution/dashboard',
        '/api/institution/performance',
        '/api/csv/batches',
        `/api/csv/batch/${batchId}`,
        `/api/result/batch/${batchId}`,
        `/api/result/institution/${bank.id}`,
        '/api/result/export?format=csv',
        '/api/institution/audit',
      ]) {
        const response = await request(path, analyst.token);
        expect(`${path} → ${response.status}`).toBe(`${path} → 200`);
      }
      const parameters = await request(`/api/institution/getParametersForInstitution/${bank.id}`, analyst.token, 'POST', {});
      expect(parameters.status).toBe(200);
    });

    it('should refuse every command with 403 and write nothing', async () => {
      const before = await headPosition();
      const { headers, rows } = starterRows(2, 5);
      expect(await upload(platform, analyst.token, { name: 'clients.csv', content: csvOf(headers, rows) })).toMatchObject(
        ANALYST_READ_ONLY,
      );
      expect(await request('/api/institution/setParameters', analyst.token, 'POST', { parameters: [] })).toMatchObject(ANALYST_READ_ONLY);
      expect(await request('/api/institution/profile', analyst.token, 'PUT', { name: 'Renamed' })).toMatchObject(ANALYST_READ_ONLY);
      expect(await request('/api/institution/members', analyst.token)).toMatchObject(OWNER_ONLY);
      expect(
        await request('/api/institution/members', analyst.token, 'POST', { name: 'X', email: 'x@y.test', role: 'analyst' }),
      ).toMatchObject(OWNER_ONLY);
      expect(await headPosition()).toBe(before);
    });

    it('should list the analyst for the owner and for administrators, not for another institution', async () => {
      const own = await request('/api/institution/members', bank.token);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual([
        expect.objectContaining({ id: analyst.id, email: 'ana@equipes.test', name: 'Ana Analyste', role: 'analyst', status: 'active' }),
      ]);
      expect(own.body.data[0].joinedAt).toEqual(expect.any(String));
      expect(own.body.data[0].invitedAt).toEqual(expect.any(String));
      const asAdmin = await request(`/api/admin/institutions/${bank.id}/members`, admin);
      expect(asAdmin.body.data).toEqual([expect.objectContaining({ id: analyst.id, role: 'analyst', status: 'active' })]);
      const foreign = await request('/api/institution/members', intruder.token);
      expect(foreign.body.data).toEqual([]);
    });

    it("should not let another institution's owner touch the member", async () => {
      const before = await headPosition();
      for (const [method, path, json] of [
        ['PUT', `/api/institution/members/${analyst.id}`, { role: 'uploader' }],
        ['POST', `/api/institution/members/${analyst.id}/suspend`, {}],
        ['POST', `/api/institution/members/${analyst.id}/invite`, {}],
        ['DELETE', `/api/institution/members/${analyst.id}`, undefined],
      ] as const) {
        const response = await request(path, intruder.token, method, json);
        expect(`${method} ${path} → ${response.status} ${response.body.message}`).toBe(`${method} ${path} → 404 Member not found`);
      }
      expect(await headPosition()).toBe(before);
      expect(
        (await request('/api/institution/members', admin, 'POST', { name: 'Ad Min', email: 'a@b.test', role: 'analyst' })).status,
      ).toBe(403);
    });
  });

  describe('When the owner invites an uploader', () => {
    it('should let the uploader upload and read, refuse parameters and the team, and name the uploader in the audit log', async () => {
      const uploader = await joinedMember('Ulrich Uploader', 'ulrich@equipes.test', 'uploader');
      const { headers, rows } = starterRows(3, 9);
      const uploaded = await upload(platform, uploader.token, { name: 'clients.csv', content: csvOf(headers, rows) });
      expect(uploaded.status).toBe(201);
      await settledBatch(platform, uploader.token, uploaded.body.data.batch.id as number, uploaded.body.position);
      expect((await request('/api/csv/batches', uploader.token)).status).toBe(200);
      expect(await request('/api/institution/setParameters', uploader.token, 'POST', { parameters: [] })).toMatchObject(UPLOADER_REFUSED);
      expect(await request(`/api/institution/resetParameters/${bank.id}`, uploader.token, 'POST', {})).toMatchObject(UPLOADER_REFUSED);
      expect(await request('/api/institution/members', uploader.token)).toMatchObject(OWNER_ONLY);

      const batchEvents = await platform.store.readStream(`batch-${uploaded.body.data.batch.id as number}`);
      expect(batchEvents[0].metadata).toMatchObject({
        institutionId: bank.id,
        actor: {
          role: 'institution',
          name: 'Ulrich Uploader',
          member: { id: uploader.id, email: 'ulrich@equipes.test', role: 'uploader' },
        },
      });
      const audit = await request('/api/institution/audit?limit=100', bank.token);
      const entries = audit.body.data.logs ?? audit.body.data;
      expect(entries).toEqual(
        expect.arrayContaining([expect.objectContaining({ eventType: 'BatchUploadStarted', user: 'Ulrich Uploader' })]),
      );
      expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ eventType: 'MemberJoined', user: 'Ulrich Uploader' })]));
      const started = entries.find(
        (entry: { eventType: string; user: string }) => entry.eventType === 'BatchUploadStarted' && entry.user === 'Ulrich Uploader',
      );
      expect(started.description).toContain('(by Ulrich Uploader, uploader)');
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ eventType: 'MemberInvited', description: expect.stringContaining('Ulrich Uploader') }),
        ]),
      );
    });
  });

  describe('When the owner changes a role, suspends, reactivates and removes a member', () => {
    it('should end the member’s sessions at each change, refuse a suspended member’s sign-in, and forget a removed one', async () => {
      const member = await joinedMember('Rita Rôles', 'rita@equipes.test', 'analyst');
      const changed = await request(`/api/institution/members/${member.id}`, bank.token, 'PUT', { role: 'uploader' });
      expect(changed).toMatchObject({ status: 200, body: { data: { role: 'uploader' } } });
      expect((await request('/api/csv/batches', member.token)).status).toBe(401);
      const again = await signIn(member.email);
      expect(again.body).toMatchObject({ teamRole: 'uploader' });

      const suspended = await request(`/api/institution/members/${member.id}/suspend`, bank.token, 'POST', {});
      expect(suspended.status).toBe(200);
      // Refused at once, as a deactivated institution's token is; its session stays ended after a reactivation.
      expect(await request('/api/csv/batches', again.body.token as string)).toMatchObject({
        status: 403,
        body: { message: expect.stringContaining('suspended') },
      });
      expect(await signIn(member.email)).toMatchObject({ status: 403, body: { message: expect.stringContaining('suspended') } });
      const listed = await request('/api/institution/members', bank.token);
      expect(listed.body.data.find((row: { id: number }) => row.id === member.id)).toMatchObject({ status: 'suspended' });

      expect((await request(`/api/institution/members/${member.id}/reactivate`, bank.token, 'POST', {})).status).toBe(200);
      expect((await signIn(member.email)).status).toBe(200);
      expect((await request('/api/csv/batches', again.body.token as string)).status).toBe(401);

      const removed = await request(`/api/institution/members/${member.id}`, bank.token, 'DELETE');
      expect(removed).toMatchObject({ status: 200, body: { message: 'Member removed' } });
      expect(await signIn(member.email)).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
      const afterRemoval = await request('/api/institution/members', bank.token);
      expect(afterRemoval.body.data.find((row: { id: number }) => row.id === member.id)).toMatchObject({ status: 'removed' });
    });

    it('should reset a member’s password through the reset flow, ending its sessions, the owner’s untouched', async () => {
      const member = await joinedMember('Pia Passe', 'pia@equipes.test', 'analyst');
      const mailsBefore = smtp.received.length;
      expect((await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: member.email } })).status).toBe(200);
      const mail = await smtp.waitForMail(
        (candidate) => candidate.to[0]?.includes(member.email) && smtp.received.indexOf(candidate) >= mailsBefore,
      );
      expect(textOf(mail)).toContain('Hello Pia Passe');
      const code = /is: (\d{6})/.exec(textOf(mail))?.[1];
      const newPassword = 'Member-Pass2!';
      const reset = await platform.request('/api/auth/set-new-password', {
        method: 'POST',
        json: { email: member.email, code, newPassword, confirmPassword: newPassword },
      });
      expect(reset.status).toBe(200);
      expect((await request('/api/csv/batches', member.token)).status).toBe(401);
      expect((await request('/api/csv/batches', bank.token)).status).toBe(200);
      expect((await signIn(member.email, newPassword)).body).toMatchObject({ teamRole: 'analyst' });
      expect((await signIn(bank.email, bank.password)).status).toBe(200);
    });

    it('should sign a member out of its own session only', async () => {
      const member = await joinedMember('Sam Sortie', 'sam@equipes.test', 'analyst');
      const other = (await signIn(member.email)).body.token as string;
      expect((await request('/api/institution/logout', member.token, 'POST', {})).status).toBe(200);
      expect((await request('/api/csv/batches', member.token)).status).toBe(401);
      expect((await request('/api/csv/batches', other)).status).toBe(200);
      expect((await request('/api/csv/batches', bank.token)).status).toBe(200);
    });
  });

  describe('When an invitation token is expired, used, cancelled or forged', () => {
    const accept = (token: string) =>
      platform.request('/api/members/accept', { method: 'POST', json: { token, password: PASSWORD, confirmPassword: PASSWORD } });

    it('should refuse each with 400 and a clear message, and write nothing', async () => {
      const invited = await request('/api/institution/members', bank.token, 'POST', {
        name: 'Eve Expirée',
        email: 'eve@equipes.test',
        role: 'analyst',
        language: 'fr',
      });
      expect(invited.status).toBe(201);
      const mail = await smtp.waitForMail((candidate) => candidate.to[0]?.includes('eve@equipes.test'));
      expect(textOf(mail)).toContain('vous invite à rejoindre son équipe');
      expect(textOf(mail)).toContain('valable 72 heures');
      const token = await invitationToken('eve@equipes.test');
      const before = await headPosition();

      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 73 * 60 * 60_000);
      try {
        expect(await accept(token)).toMatchObject({ status: 400, body: { message: expect.stringContaining('expired') } });
      } finally {
        clock.mockRestore();
      }
      const [memberPart] = token.split('.');
      for (const forged of [`${memberPart}.${'A'.repeat(43)}`, 'not-a-token', `999999.${'B'.repeat(43)}`]) {
        expect(await accept(forged)).toMatchObject({ status: 400, body: { message: 'This invitation link is not valid' } });
      }
      expect(await headPosition()).toBe(before);

      // Sent again: the first link no longer works, the new one does once.
      const mailsBefore = smtp.received.length;
      expect((await request(`/api/institution/members/${invited.body.data.id as number}/invite`, bank.token, 'POST', {})).status).toBe(200);
      const renewed = await invitationToken('eve@equipes.test', mailsBefore);
      expect(renewed).not.toBe(token);
      expect(await accept(token)).toMatchObject({ status: 400, body: { message: 'This invitation link is not valid' } });
      expect((await accept(renewed)).status).toBe(200);
      expect(await accept(renewed)).toMatchObject({ status: 400, body: { message: expect.stringContaining('already been used') } });
    });

    it('should refuse a cancelled invitation and let the email be invited again', async () => {
      const invited = await request('/api/institution/members', bank.token, 'POST', {
        name: 'Carl Cancel',
        email: 'carl@equipes.test',
        role: 'uploader',
      });
      const token = await invitationToken('carl@equipes.test');
      const cancelled = await request(`/api/institution/members/${invited.body.data.id as number}`, bank.token, 'DELETE');
      expect(cancelled).toMatchObject({ status: 200, body: { message: 'Invitation cancelled' } });
      expect(await accept(token)).toMatchObject({ status: 400, body: { message: 'This invitation link is not valid' } });
      const again = await request('/api/institution/members', bank.token, 'POST', {
        name: 'Carl Cancel',
        email: 'carl@equipes.test',
        role: 'uploader',
      });
      expect(again.status).toBe(201);
    });

    it('should refuse inviting an email that already has an account, and a password that breaks the rules', async () => {
      expect(
        (await request('/api/institution/members', bank.token, 'POST', { name: 'Dup', email: intruder.email, role: 'analyst' })).status,
      ).toBe(409);
      expect(
        (await request('/api/institution/members', bank.token, 'POST', { name: 'Dup', email: 'ana@equipes.test', role: 'analyst' })).status,
      ).toBe(409);
      expect(
        (await request('/api/institution/members', bank.token, 'POST', { name: 'Role', email: 'role@equipes.test', role: 'owner' })).body
          .message,
      ).toBe('Role must be one of: analyst, uploader');
      await request('/api/institution/members', bank.token, 'POST', { name: 'Weak Pass', email: 'weak@equipes.test', role: 'analyst' });
      const token = await invitationToken('weak@equipes.test');
      const weak = await platform.request('/api/members/accept', { method: 'POST', json: { token, password: 'short' } });
      expect(weak.status).toBe(400);
    });
  });
});
