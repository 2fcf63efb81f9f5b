import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { APP_ROUTES, type OnboardingStep } from '@revlane/contracts';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';

/** One step of the checklist; the whole card is the link to its dialog. */
export function OnboardingStepItem({ step }: { step: OnboardingStep }) {
  const isDone = step.status === 'completed';
  return (
    <li>
      <Link
        to={APP_ROUTES.homeStep(step.id)}
        className="group flex h-full items-start gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition hover:bg-brand-50/50 hover:ring-brand-500"
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-base ${
            isDone ? 'text-emerald-600' : 'ring-2 ring-slate-300'
          }`}
        >
          {isDone && <CheckCircleFilled />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">{step.title}</span>
          <span className="mt-0.5 block text-sm text-slate-600">{step.description}</span>
          <span className="mt-2 block text-xs font-medium text-slate-500">
            {isDone && step.completedAt
              ? `Completed ${formatTimestamp(step.completedAt)}`
              : isDone
                ? 'Completed'
                : 'Not done yet'}
          </span>
        </span>
        {/* Wrapped: antd icons take the link's colour, which would win over these classes. */}
        <span aria-hidden="true" className="mt-1 text-slate-400 group-hover:text-brand-600">
          <RightOutlined />
        </span>
      </Link>
    </li>
  );
}
