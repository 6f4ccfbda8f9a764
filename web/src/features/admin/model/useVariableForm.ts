import { useState } from 'react';
import { useForm } from '../../../shared/useForm';
import { categoryTotal, fitOthers, totalsHundred } from './proportions';
import { mappingsOf, otherShares, siblingsOf, valuesOf, variableBody } from './variableForm';
import {
  hasMappingErrors,
  mappingErrors,
  variableRules,
  type MappingDraft,
  type MappingErrors,
  type VariableFormValues,
} from './variableRules';
import type { ResponseType, Variable, VariableBody } from './variablesApi';

/**
 * The variable dialog's state: the form's fields, the categorical mappings, and the shares of the
 * chosen category's other variables (which must total 100 with this one's). `submit` checks all three
 * and gives the request body, or null when something is refused.
 */
export function useVariableForm(variable: Variable | null, variables: readonly Variable[]) {
  const form = useForm<VariableFormValues>(valuesOf(variable), variableRules);
  const [mappings, setMappings] = useState<MappingDraft[]>(() => mappingsOf(variable));
  const [mappingProblems, setMappingProblems] = useState<MappingErrors | null>(null);
  const [shares, setShares] = useState<Record<number, string>>({});
  const [totalRefused, setTotalRefused] = useState(false);

  const values = form.values;
  const responseType = values.responseType as ResponseType;
  const categoryId = Number(values.categoryId);
  const siblings = values.categoryId === '' ? [] : siblingsOf(variables, categoryId, variable?.id);
  const others = otherShares(siblings, shares);
  const total = categoryTotal(
    values.proportion,
    others.map((other) => other.value),
  );

  const changeMappings = (next: MappingDraft[]) => {
    setMappings(next);
    setMappingProblems(null);
  };
  const changeShares = (next: Record<number, string>) => {
    setShares(next);
    setTotalRefused(false);
  };
  /** Choosing Categorical starts the mappings with one empty row. */
  const chooseType = (next: string) => {
    form.setValue('responseType', next);
    if (next === 'categorical' && mappings.length === 0) changeMappings([{ key: 1, categoryName: '', numericValue: '' }]);
  };
  const chooseCategory = (next: string) => {
    form.setValue('categoryId', next);
    setTotalRefused(false);
  };
  const changeProportion = (next: string) => {
    form.setValue('proportion', next);
    setTotalRefused(false);
  };
  const changeShare = (id: number, value: string) => changeShares({ ...shares, [id]: value });
  /** The others scaled to fill what this variable leaves of 100. */
  const fitShares = () => {
    const fitted = fitOthers(
      values.proportion,
      others.map((other) => other.value),
    );
    changeShares(Object.fromEntries(others.map((other, index) => [other.id, fitted[index]])));
  };

  const submit = (): VariableBody | null => {
    let valid = form.validate();
    if (responseType === 'categorical') {
      const problems = mappingErrors(mappings);
      setMappingProblems(problems);
      if (hasMappingErrors(problems)) valid = false;
    }
    if (siblings.length > 0 && !totalsHundred(total)) {
      setTotalRefused(true);
      valid = false;
    }
    return valid ? variableBody(values, mappings, others) : null;
  };

  return {
    form,
    values,
    responseType,
    categoryId,
    mappings,
    mappingProblems,
    others,
    totalRefused,
    changeMappings,
    chooseType,
    chooseCategory,
    changeProportion,
    changeShare,
    fitShares,
    submit,
  };
}
