import Router from '@koa/router';
import { accessRoutes } from './access/accessRoutes';
import { adminRoutes } from './admins/adminRoutes';
import { uploadRoutes } from './batches/uploadRoutes';
import type { CommandDeps } from './commandDeps';
import { verifyRoutes } from './compliance/verifyRoutes';
import { databaseAccessRoutes } from './databaseAccess/databaseAccessRoutes';
import { institutionRoutes } from './institutions/institutionRoutes';
import { institutionParameterRoutes } from './institutionParameters/institutionParameterRoutes';
import { modelRoutes } from './model/modelRoutes';
import { passwordResetRoutes } from './passwordReset/passwordResetRoutes';
import { settingsRoutes } from './settings/settingsRoutes';
import { teamRoutes } from './team/teamRoutes';

export { eventMetadata, type Actor } from './eventMetadata';
export { authenticate } from './access/authenticate';
export { AttemptLimits, type AttemptLimit } from './access/attemptLimits';
export { EmailReservations } from './accounts/emailReservations';
export { sessionSecret } from './accounts/platformSecret';
export { ensureFirstAdmin } from './admins/firstAdmin';
export { failInterruptedUploads, INTERRUPTED_REASON } from './batches/interruptedUploads';
export { closeUploadReaders, keepUploadReaderReady } from './batches/parseInWorker';
export { ensureStarterModel } from './model/starterModelSeed';
export { commandMigrations } from './migrations';
export { forgetSentMails, MAIL_OUTBOX } from './mail/mailOutbox';
export { smtpMailer, type Mailer, type MailMessage } from './mail/smtpMailer';
export type { CommandDeps, ModelSource } from './commandDeps';

export function createCommandRouter(deps: CommandDeps): Router {
  const router = new Router();
  accessRoutes(router, deps);
  institutionRoutes(router, deps);
  adminRoutes(router, deps);
  modelRoutes(router, deps);
  institutionParameterRoutes(router, deps);
  passwordResetRoutes(router, deps);
  uploadRoutes(router, deps);
  settingsRoutes(router, deps);
  verifyRoutes(router, deps);
  databaseAccessRoutes(router, deps);
  teamRoutes(router, deps);
  return router;
}
