import { Select } from 'antd';
import type { CohortGroup } from '../api/get-editor-choices';

interface CohortSelectProps {
  id: string;
  groups: CohortGroup[];
  isLoading: boolean;
  value: string | undefined;
  /** The saved cohort's name, shown until the lists have loaded (or if it is not in them). */
  savedName?: string;
  onChange: (cohortId: string) => void;
}

/** One select of every cohort of the organization, grouped under its segment. */
export function CohortSelect({
  id,
  groups,
  isLoading,
  value,
  savedName,
  onChange,
}: CohortSelectProps) {
  const options = groups.map((group) => ({
    label: group.segmentName,
    title: group.segmentName,
    options: group.cohorts.map((cohort) => ({ value: cohort.id, label: cohort.name })),
  }));
  const isListed = groups.some((group) => group.cohorts.some((cohort) => cohort.id === value));
  return (
    <Select
      id={id}
      value={value}
      loading={isLoading}
      placeholder="Choose a cohort"
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={isLoading ? 'Loading the cohorts…' : 'No saved cohorts yet'}
      options={
        value && !isListed && savedName ? [...options, { value, label: savedName }] : options
      }
      onChange={onChange}
    />
  );
}
