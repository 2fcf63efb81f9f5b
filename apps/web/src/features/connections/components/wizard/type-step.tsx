import { DATA_SOURCE_TYPES, type SourceType } from '@revlane/contracts';
import { SOURCE_TYPE_INFO } from '../../lib/source-types';
import { SourceTypeIcon } from '../source-type-icon';

/** The first step: which kind of source to add, one button per type. */
export function TypeStep({ onPick }: { onPick: (type: SourceType) => void }) {
  return (
    <ul aria-label="Source types" className="grid gap-3 sm:grid-cols-2">
      {DATA_SOURCE_TYPES.map((type) => (
        <li key={type}>
          <button
            type="button"
            onClick={() => onPick(type)}
            className="flex w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left transition hover:border-brand-500 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <SourceTypeIcon type={type} />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">
                {SOURCE_TYPE_INFO[type].label}
              </span>
              <span className="mt-0.5 block text-xs leading-5 text-slate-500">
                {SOURCE_TYPE_INFO[type].description}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
