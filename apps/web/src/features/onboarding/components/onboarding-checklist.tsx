import { Progress, Skeleton } from 'antd';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { useOnboardingSteps } from '../api/get-onboarding-steps';
import { OnboardingStepItem } from './onboarding-step-item';

/** Home's "get started" list (docs/architecture.md §6): each step opens its dialog route. */
export function OnboardingChecklist() {
  const steps = useOnboardingSteps();

  if (steps.isPending) {
    return (
      <SectionCard title="Get started with Revlane">
        <Skeleton active paragraph={{ rows: 4 }} />
      </SectionCard>
    );
  }
  if (steps.isError) {
    return (
      <SectionCard title="Get started with Revlane">
        <LoadError
          title="Your onboarding checklist could not be loaded."
          onRetry={() => void steps.refetch()}
        />
      </SectionCard>
    );
  }

  const doneCount = steps.data.filter((step) => step.status === 'completed').length;
  const total = steps.data.length;
  const isAllDone = doneCount === total;
  return (
    <SectionCard
      title="Get started with Revlane"
      description={
        isAllDone
          ? "You're all set. Revlane is ready for your team."
          : 'A few steps to connect your data and get your first segments going.'
      }
    >
      <div className="mb-4 flex items-center gap-4">
        <Progress
          percent={Math.round((doneCount / total) * 100)}
          aria-label="Onboarding progress"
          strokeColor="var(--color-brand-600)"
          className="!m-0 flex-1"
          showInfo={false}
        />
        <span className="shrink-0 text-sm text-slate-600">{`${doneCount} of ${total} steps done`}</span>
      </div>
      <ol className="grid gap-3 md:grid-cols-2">
        {steps.data.map((step) => (
          <OnboardingStepItem key={step.id} step={step} />
        ))}
      </ol>
    </SectionCard>
  );
}
