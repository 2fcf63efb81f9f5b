import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { ModalForm } from './modal-form';

function renderForm(props: Partial<React.ComponentProps<typeof ModalForm>> = {}) {
  const onSubmit = vi.fn();
  const onDiscard = vi.fn();
  render(
    <ModalForm
      open
      title="Rename cohort"
      canSubmit
      onSubmit={onSubmit}
      onDiscard={onDiscard}
      {...props}
    >
      <label>
        Name <input name="name" />
      </label>
    </ModalForm>,
  );
  return { onSubmit, onDiscard, dialog: screen.getByRole('dialog', { name: 'Rename cohort' }) };
}

describe('ModalForm', () => {
  it('has Submit and Discard, 520 wide by default', async () => {
    const { onSubmit, onDiscard, dialog } = renderForm();
    expect(dialog).toHaveStyle({ width: '520px' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('disables Submit unless the form may be submitted', async () => {
    const { onSubmit } = renderForm({ canSubmit: false });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables Submit and Discard while a request is loading', () => {
    renderForm({ isLoading: true });
    expect(screen.getByRole('button', { name: /Submit/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeDisabled();
    expect(screen.getByRole('dialog').querySelector('form')).toHaveAttribute('aria-busy', 'true');
  });

  it('submits with Enter like the button does', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Trial users{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('submits once for a double click, loading until the request ends', async () => {
    let finish = () => undefined as void;
    const request = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const onSubmit = vi.fn(() => request);
    renderForm({ onSubmit });
    const submit = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(submit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeDisabled();

    finish();
    await act(() => request);
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('ignores a second submit before React re-renders (a ref, not the loading state)', () => {
    const onSubmit = vi.fn(() => new Promise(() => undefined));
    renderForm({ onSubmit });
    const submit = screen.getByRole('button', { name: 'Submit' });
    act(() => {
      submit.click();
      submit.click();
      fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the error in an alert above the fields', () => {
    renderForm({ error: 'A cohort with this name exists.' });
    expect(screen.getByRole('alert')).toHaveTextContent('A cohort with this name exists.');
  });
});

describe('ConfirmDialog', () => {
  it('is 416 wide and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete alert?"
        confirmText="Delete"
        isDanger
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        The alert stops firing.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete alert?' })).toHaveStyle({ width: '416px' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('confirms once for a double click, both buttons disabled while it runs', () => {
    const onConfirm = vi.fn(() => new Promise(() => undefined));
    render(
      <ConfirmDialog
        open
        title="Delete alert?"
        confirmText="Delete"
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
