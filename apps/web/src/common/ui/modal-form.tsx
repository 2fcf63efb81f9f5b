import { MODAL_WIDTH } from '@revlane/contracts';
import { Button, Modal } from 'antd';
import { useId, type FormEvent, type ReactNode } from 'react';
import { InlineAlert } from './inline-alert';
import { useSingleFlight } from './use-single-flight';

interface ModalFormProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Sends the form; while the promise it returns is pending, the form is loading. */
  onSubmit: () => void | Promise<unknown>;
  onDiscard: () => void;
  /** Whether the form's values may be submitted now (valid, changed, …). */
  canSubmit: boolean;
  /** A request of this form is in flight. */
  isLoading?: boolean;
  /** Shown above the fields, e.g. the failed request's message. */
  error?: ReactNode;
  submitText?: string;
  discardText?: string;
  width?: number;
  /** Blocking forms (terms of service) cannot be dismissed with Esc, × or the mask. */
  isDismissible?: boolean;
}

/**
 * Modal with a form, Submit and Discard (docs/product.md §2, §5): Submit is disabled unless the form may
 * be submitted and no request is loading. Enter in a field submits like the button does. A
 * submit while the promise of the previous one is pending does nothing, even one dispatched
 * before React re-renders (a double click): the guard is a ref, not the `isLoading` prop.
 */
export function ModalForm({
  open,
  title,
  children,
  onSubmit,
  onDiscard,
  canSubmit,
  isLoading = false,
  error,
  submitText = 'Submit',
  discardText = 'Discard',
  width = MODAL_WIDTH,
  isDismissible = true,
}: ModalFormProps) {
  const formId = useId();
  const submit = useSingleFlight(onSubmit);
  const isBusy = isLoading || submit.isPending;
  const isSubmitEnabled = canSubmit && !isBusy;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitEnabled) void submit.run();
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={isBusy ? undefined : onDiscard}
      closable={isDismissible}
      keyboard={isDismissible}
      mask={{ closable: isDismissible }}
      destroyOnHidden
      footer={[
        <Button key="discard" onClick={onDiscard} disabled={isBusy}>
          {discardText}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={isBusy}
          disabled={!isSubmitEnabled}
        >
          {submitText}
        </Button>,
      ]}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate aria-busy={isBusy}>
        {error ? <InlineAlert type="error" title={error} className="mb-4" /> : null}
        {children}
      </form>
    </Modal>
  );
}
