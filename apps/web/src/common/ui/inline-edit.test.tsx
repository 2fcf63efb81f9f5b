import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit, stripNewlines } from './inline-edit';

function renderEdit(onSave = vi.fn(() => Promise.resolve())) {
  render(
    <InlineEdit
      label="Display name"
      value="Ada"
      onSave={onSave}
      validate={(value) => (value.trim() ? null : 'Full name is required')}
    />,
  );
  return onSave;
}

describe('InlineEdit', () => {
  it('strips newlines (docs/product.md §5)', () => {
    expect(stripNewlines('Ada\nLovelace\r\n')).toBe('Ada Lovelace ');
  });

  it('edits in place: Enter saves instead of adding a line', async () => {
    const onSave = renderEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Display name' }));
    const field = screen.getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada Lovelace{Enter}');
    expect(onSave).toHaveBeenCalledWith('Ada Lovelace');
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Display name' })).not.toBeInTheDocument(),
    );
  });

  it('removes newlines from pasted text', async () => {
    const onSave = renderEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Display name' }));
    const field = screen.getByRole('textbox', { name: 'Display name' });
    fireEvent.change(field, { target: { value: 'Ada\nLovelace' } });
    expect(field).toHaveValue('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('Ada Lovelace');
  });

  it('validates, and Escape cancels without saving', async () => {
    const onSave = renderEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Display name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Display name' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the draft when saving fails', async () => {
    renderEdit(vi.fn(() => Promise.reject(new Error('nope'))));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' L{Enter}');
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveValue('Ada L');
  });

  it('saves once when Enter and Save come before the first save ends', async () => {
    const onSave = renderEdit(vi.fn(() => new Promise<void>(() => undefined)));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Display name' }));
    const field = screen.getByRole('textbox', { name: 'Display name' });
    fireEvent.change(field, { target: { value: 'Ada Lovelace' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
