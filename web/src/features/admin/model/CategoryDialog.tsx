import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { FormDialog } from '../common/FormDialog';
import { useCreateCategoryMutation, useUpdateCategoryMutation, type Category } from './categoriesApi';
import { categoryRules, type CategoryFormValues } from './categoryRules';

const valuesOf = (category: Category | null): CategoryFormValues => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  creditLimitWeight: String(category?.creditLimitWeight ?? 0),
  interestRateWeight: String(category?.interestRateWeight ?? 0),
});

type Props = { category: Category | null; onClose: (saved?: string) => void };

/** Add (category null) or edit a variable category: name, description and its two weights (0 to 100, step 0.01). */
export function CategoryDialog({ category, onClose }: Props) {
  const { t } = useTranslation();
  const creating = category === null;
  const form = useForm<CategoryFormValues>(valuesOf(category), categoryRules);
  const [create, creatingState] = useCreateCategoryMutation();
  const [update, updatingState] = useUpdateCategoryMutation();
  const busy = creatingState.isLoading || updatingState.isLoading;
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    if (!form.validate()) return;
    const body = {
      name: form.values.name.trim(),
      description: form.values.description.trim(),
      creditLimitWeight: Number(form.values.creditLimitWeight),
      interestRateWeight: Number(form.values.interestRateWeight),
    };
    const result = creating ? await create(body) : await update({ id: category.id, ...body });
    if (result.error) return setError(errorMessage(result.error, t('admin.categories.saveFailed')));
    onClose(t(creating ? 'admin.categories.created' : 'admin.categories.updated'));
  };

  const helper = (field: keyof CategoryFormValues) => (form.errors[field] ? t(form.errors[field] as string) : undefined);
  const weight = (field: 'creditLimitWeight' | 'interestRateWeight') => (
    <TextField
      {...form.textProps(field)}
      id={`category-${field}`}
      label={t(`admin.categories.${field}`)}
      type="number"
      fullWidth
      margin="normal"
      required
      disabled={busy}
      slotProps={{ htmlInput: { step: 0.01, min: 0, max: 100 }, inputLabel: { required: false } }}
      helperText={helper(field) ?? t('admin.categories.weightHint')}
    />
  );
  return (
    <FormDialog
      title={t(creating ? 'admin.categories.createTitle' : 'admin.categories.editTitle')}
      submitLabel={t(creating ? 'admin.categories.create' : 'admin.categories.update')}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <TextInput
        {...form.textProps('name')}
        id="category-name"
        label={t('admin.categories.name')}
        required
        disabled={busy}
        helperText={helper('name')}
      />
      <TextField
        {...form.textProps('description')}
        id="category-description"
        label={t('admin.categories.description')}
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        required
        disabled={busy}
        slotProps={{ inputLabel: { required: false } }}
        helperText={helper('description')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {weight('creditLimitWeight')}
        {weight('interestRateWeight')}
      </Box>
    </FormDialog>
  );
}
