import {
  APP_ROUTES,
  MODAL_WIDTH,
  ONBOARDING_STEPS,
  type OnboardingStepId,
} from '@revlane/contracts';
import { Button, Modal } from 'antd';
import { useCallback, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { useOnboardingSteps } from '../api/get-onboarding-steps';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step';
import { useRefetchOnChange } from '../hooks/use-refetch-on-change';

interface OnboardingStepDialogProps {
  stepId: OnboardingStepId;
  /** The signed-in user's id; the step cannot be completed before it is known. */
  userId: string | undefined;
  width?: number;
  /**
   * A value that changes when the step may have completed by itself on the server (the
   * profile's name and photo, for complete-profile): the steps are read again then, so the
   * dialog notices (docs/product.md §4).
   */
  refreshOn?: unknown;
  /** The step's content; `complete` marks the step done when the action itself finished. */
  children: (actions: { complete: () => void }) => ReactNode;
}

/** A home dialog route (docs/product.md §2): closing it returns to the home page. */
export function OnboardingStepDialog({
  stepId,
  userId,
  width = MODAL_WIDTH,
  refreshOn,
  children,
}: OnboardingStepDialogProps) {
  const navigate = useNavigate();
  const steps = useOnboardingSteps();
  const completeStep = useCompleteOnboardingStep();
  const definition = ONBOARDING_STEPS.find((step) => step.id === stepId)!;
  const step = steps.data?.find((candidate) => candidate.id === stepId);
  const isDone = step?.status === 'completed';
  useRefetchOnChange(refreshOn, steps.refetch);

  const close = useCallback(() => void navigate(APP_ROUTES.home), [navigate]);
  // The mutation itself ignores a second call while one is in flight (a double click, or a
  // booking confirmed twice): no check of `isPending` here, which lags a render behind.
  const { mutate } = completeStep;
  const complete = useCallback(() => {
    if (!userId) return;
    void mutate(
      { userId, stepId },
      {
        onSuccess: () => {
          toast.success(`"${definition.title}" is done`);
          close();
        },
      },
    );
  }, [userId, stepId, mutate, definition.title, close]);

  return (
    <Modal
      open
      title={definition.title}
      width={width}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button
          key="done"
          type="primary"
          onClick={complete}
          disabled={isDone || !userId}
          loading={completeStep.isPending}
        >
          {isDone ? 'Done' : 'Mark as done'}
        </Button>,
      ]}
    >
      <p className="mb-4 text-sm leading-6 text-slate-600">{definition.description}</p>
      {isDone && step.completedAt && (
        <p className="mb-4 text-sm font-medium text-emerald-700">
          {`Completed ${formatTimestamp(step.completedAt)}`}
        </p>
      )}
      {children({ complete })}
    </Modal>
  );
}
