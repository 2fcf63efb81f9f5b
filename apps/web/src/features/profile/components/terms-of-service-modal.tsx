import { displayNameSchema, type Profile } from '@revlane/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { ModalForm } from '@/common/ui/modal-form';
import { useAcceptTerms } from '../hooks/use-accept-terms';
import { isNameMissing } from '../lib/terms-rules';

export const TERMS_URL = '/terms.html';

interface TermsOfServiceModalProps {
  profile: Profile;
  onSignOut: () => void;
}

/**
 * docs/product.md §4, §5: blocks the app until the terms are accepted. Continue needs the checkbox and,
 * when the account has no real name yet, a valid Full Name (validated on change).
 */
export function TermsOfServiceModal({ profile, onSignOut }: TermsOfServiceModalProps) {
  const needsName = isNameMissing(profile);
  const [fullName, setFullName] = useState('');
  const [isNameChanged, setIsNameChanged] = useState(false);
  const [isAgreed, setIsAgreed] = useState(false);
  const accept = useAcceptTerms();

  const name = displayNameSchema.safeParse(fullName);
  const nameProblem = name.success ? null : (name.error.issues[0]?.message ?? null);
  const canSubmit = isAgreed && (!needsName || name.success);

  return (
    <ModalForm
      open
      title="Terms of Service"
      submitText="Continue"
      discardText="Sign out"
      isDismissible={false}
      canSubmit={canSubmit}
      isLoading={accept.isPending}
      error={accept.error?.message}
      onDiscard={onSignOut}
      onSubmit={() => accept.mutate({ displayName: needsName ? name.data : undefined })}
    >
      <p className="mb-5 text-sm leading-6 text-slate-600">
        Welcome to Revlane. Before you start, please read and accept our Terms of Service.
        {needsName && ' Tell us your name too, so your team knows who you are.'}
      </p>
      {needsName && (
        <Form.Item
          label="Full Name"
          htmlFor="terms-full-name"
          layout="vertical"
          validateStatus={isNameChanged && nameProblem ? 'error' : undefined}
          help={isNameChanged ? nameProblem : undefined}
        >
          <Input
            id="terms-full-name"
            autoComplete="name"
            autoFocus
            value={fullName}
            aria-invalid={isNameChanged && nameProblem ? true : undefined}
            onChange={(event) => {
              setFullName(event.target.value);
              setIsNameChanged(true);
            }}
          />
        </Form.Item>
      )}
      <Checkbox checked={isAgreed} onChange={(event) => setIsAgreed(event.target.checked)}>
        I agree to{' '}
        <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
          Terms of Service
        </a>
      </Checkbox>
    </ModalForm>
  );
}
