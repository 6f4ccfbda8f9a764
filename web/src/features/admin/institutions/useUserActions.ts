import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import {
  useActivateInstitutionMutation,
  useCloseInstitutionMutation,
  useDeactivateInstitutionMutation,
  type Institution,
} from './institutionsApi';

/** Spec §4: the comment a deactivation from this screen carries unless the administrator writes another. */
export const DEACTIVATION_COMMENT = 'Deactivated from User Management';

/** User Management's actions on an institution: activate, deactivate with a comment, edit, close; their outcome in a snackbar or the banner. */
export function useUserActions() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [deactivate, deactivating] = useDeactivateInstitutionMutation();
  const [activate] = useActivateInstitutionMutation();
  const [close, closing] = useCloseInstitutionMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Institution | null>(null);
  const [toDeactivate, setToDeactivate] = useState<Institution | null>(null);
  const [comment, setComment] = useState(DEACTIVATION_COMMENT);
  const [toClose, setToClose] = useState<Institution | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const onActivate = async (institution: Institution) => {
    setBusyId(institution.id);
    const result = await activate(institution.id);
    setBusyId(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.statusFailed')));
    snackbar(t('admin.users.activated'));
  };
  const onDeactivate = async () => {
    if (!toDeactivate) return;
    const result = await deactivate({ id: toDeactivate.id, comment: comment.trim() || DEACTIVATION_COMMENT });
    setToDeactivate(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.deactivateFailed')));
    snackbar(t('admin.users.deactivated'));
  };
  const onClose = async () => {
    if (!toClose) return;
    const result = await close(toClose.id);
    setToClose(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.deleteFailed')));
    snackbar(t('admin.users.deleted'));
  };

  return {
    openId,
    toggle: (id: number) => setOpenId((current) => (current === id ? null : id)),
    busyId,
    actionError,
    clearError: () => setActionError(null),
    onActivate,
    editing,
    startEditing: setEditing,
    doneEditing: (saved?: string) => {
      setEditing(null);
      if (saved) snackbar(saved);
    },
    toDeactivate,
    startDeactivating: (institution: Institution) => {
      setComment(DEACTIVATION_COMMENT);
      setToDeactivate(institution);
    },
    cancelDeactivating: () => setToDeactivate(null),
    comment,
    setComment,
    deactivating: deactivating.isLoading,
    onDeactivate,
    toClose,
    startClosing: setToClose,
    cancelClosing: () => setToClose(null),
    closing: closing.isLoading,
    onClose,
  };
}
