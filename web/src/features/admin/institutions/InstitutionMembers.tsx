import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../../api/errorMessage';
import { Name } from '../../../shared/Name';
import { useInstitutionMembersQuery } from './institutionMembersApi';

/** An approved institution's team members (name, email, role, status), under its review. */
export function InstitutionMembers({ institutionId }: { institutionId: number }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useInstitutionMembersQuery(institutionId);
  return (
    <Box component="section" aria-labelledby={`members-${institutionId}`} sx={{ mt: 3 }}>
      <Typography id={`members-${institutionId}`} variant="h3" component="h3" sx={{ mb: 1 }}>
        {t('admin.members.heading')}
      </Typography>
      {isLoading && <Typography color="text.secondary">{t('admin.members.loading')}</Typography>}
      {error && <Typography color="error">{shownMessage(error) ?? t('admin.members.loadFailed')}</Typography>}
      {data?.length === 0 && <Typography color="text.secondary">{t('admin.members.none')}</Typography>}
      {data && data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.map((member) => (
            <Box component="li" key={member.id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
              <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Name>{member.name}</Name>
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {member.email}
              </Box>
              <span>{t(`admin.members.roles.${member.role}`)}</span>
              <span>{t(`admin.members.statuses.${member.status}`)}</span>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
