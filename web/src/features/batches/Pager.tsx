import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

type Props = { page: number; totalPages: number; onChange: (page: number) => void; maxNumbers?: number };

/** The page numbers around the current page, at most `count` of them. */
export function pageWindow(page: number, totalPages: number, count = 5): number[] {
  const size = Math.min(count, totalPages);
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: size }, (_, index) => first + index);
}

/** Previous, up to five page numbers, Next (spec §2: the jobs pager shows up to 5 page numbers). */
export function Pager({ page, totalPages, onChange, maxNumbers = 5 }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Stack component="nav" aria-label={t('batches.pagination')} direction="row" spacing={0.5} sx={{ justifyContent: 'center', py: 2 }}>
      <IconButton aria-label={t('batches.previousPage')} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft />
      </IconButton>
      {pageWindow(page, totalPages, maxNumbers).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t('batches.pageNumber', { page: number })}
          onClick={() => onChange(number)}
          sx={{ minWidth: 40 }}
        >
          {number}
        </Button>
      ))}
      <IconButton aria-label={t('batches.nextPage')} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
