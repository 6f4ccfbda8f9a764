import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { FormDialog } from '../common/FormDialog';
import { useCreateCategoryMutation, useUpdateCategoryMutation, type Category } from './categoriesApi';
import { categoryRules, type CategoryFormValues } from './categoryRules';
import { FormField } from '../../../shared/FormField';

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

  const weight = (field: 'creditLimitWeight' | 'interestRateWeight') => (
    <FormField
      form={form}
      field={field}
      id={`category-${field}`}
      label={t(`admin.categories.${field}`)}
      type="number"
      busy={busy}
      htmlInput={{ step: 0.01, min: 0, max: 100 }}
      hint={t('admin.categories.weightHint')}
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
        helperText={form.message('name')}
      />
      <FormField
        form={form}
        field="description"
        id="category-description"
        label={t('admin.categories.description')}
        multiline
        minRows={2}
        busy={busy}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {weight('creditLimitWeight')}
        {weight('interestRateWeight')}
      </Box>
    </FormDialog>
  );
}
