import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../shared/TextInput';
import { useCategoriesQuery } from './categoriesApi';
import { RESPONSE_TYPES } from './variablesApi';
import type { useVariableForm } from './useVariableForm';
import { FormField } from '../../../shared/FormField';

type Props = { state: ReturnType<typeof useVariableForm>; busy: boolean };

/** Laid out in columns from a tablet up, one under another on a phone. */
export const formGrid = (columns: string) => ({ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: columns }, columnGap: 2 });
const noLabelMark = { inputLabel: { required: false } };

/** The variable's own fields: name and code, description, category and response type, range and proportion. */
export function VariableFields({ state, busy }: Props) {
  const { t } = useTranslation();
  const categories = useCategoriesQuery();
  const { form, values } = state;
  return (
    <>
      <Box sx={formGrid('2fr 1fr')}>
        <TextInput
          {...form.textProps('name')}
          id="variable-name"
          label={t('admin.variables.name')}
          required
          disabled={busy}
          helperText={form.message('name')}
        />
        <FormField
          form={form}
          field="uniqueCode"
          id="variable-code"
          label={t('admin.variables.uniqueCode')}
          type="number"
          busy={busy}
          htmlInput={{ step: 1 }}
        />
      </Box>
      <FormField
        form={form}
        field="description"
        id="variable-description"
        label={t('admin.variables.description')}
        multiline
        minRows={2}
        busy={busy}
      />
      <Box sx={formGrid('1fr 1fr')}>
        <TextField
          select
          id="variable-category"
          name="categoryId"
          label={t('admin.variables.category')}
          value={values.categoryId}
          onChange={(event) => state.chooseCategory(event.target.value)}
          onBlur={() => form.blur('categoryId')}
          error={form.errors.categoryId !== undefined}
          helperText={form.message('categoryId')}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={noLabelMark}
        >
          {categories.isLoading && (
            <MenuItem value="" disabled>
              {t('admin.variables.categoriesLoading')}
            </MenuItem>
          )}
          {categories.isError && (
            <MenuItem value="" disabled>
              {t('admin.variables.categoriesFailed')}
            </MenuItem>
          )}
          {categories.data?.length === 0 && (
            <MenuItem value="" disabled>
              {t('admin.variables.noCategories')}
            </MenuItem>
          )}
          {categories.data?.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="variable-response-type"
          name="responseType"
          label={t('admin.variables.responseType')}
          value={values.responseType}
          onChange={(event) => state.chooseType(event.target.value)}
          onBlur={() => form.blur('responseType')}
          error={form.errors.responseType !== undefined}
          helperText={form.message('responseType')}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={noLabelMark}
        >
          {RESPONSE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`admin.variables.responseTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={formGrid('1fr 1fr 1fr')}>
        {(['minValue', 'maxValue'] as const).map((field) => (
          <FormField
            key={field}
            form={form}
            field={field}
            id={`variable-${field}`}
            label={t(`admin.variables.${field}`)}
            type="number"
            busy={busy}
            htmlInput={{ step: 'any' }}
          />
        ))}
        <FormField
          form={form}
          field="proportion"
          onChange={(event) => state.changeProportion(event.target.value)}
          id="variable-proportion"
          label={t('admin.variables.proportion')}
          type="number"
          busy={busy}
          htmlInput={{ step: 0.01, min: 0, max: 100 }}
          hint={t('admin.variables.proportionHint')}
        />
      </Box>
    </>
  );
}
