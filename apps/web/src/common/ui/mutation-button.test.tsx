import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AntdForTests } from '@/testing/antd-for-tests';
import { AdminOnlyButton } from './admin-only-button';
import { MutationButton } from './mutation-button';

/** A request the test ends when it wants: `finish()` settles it. */
function deferred() {
  let finish = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

function renderButton(onClick: () => unknown) {
  render(
    <AntdForTests>
      <MutationButton onClick={onClick}>Send test message</MutationButton>
    </AntdForTests>,
  );
  return screen.getByRole('button', { name: 'Send test message' });
}

describe('MutationButton (docs/product.md §5, Forms)', () => {
  it('sends once for a double click, and is disabled until the request ends', async () => {
    const request = deferred();
    const onClick = vi.fn(() => request.promise);
    const button = renderButton(onClick);

    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();

    request.finish();
    await act(() => request.promise);
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores a second click that comes before React re-renders: the guard is a ref', () => {
    const onClick = vi.fn(() => new Promise(() => undefined));
    const button = renderButton(onClick);
    act(() => {
      button.click();
      button.click();
    });
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('holds nothing after a click that starts no request', () => {
    const onClick = vi.fn();
    const button = renderButton(onClick);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(button).toBeEnabled();
  });
});

describe('AdminOnlyButton, for an admin', () => {
  it('sends once for a double click', () => {
    const onClick = vi.fn(() => new Promise(() => undefined));
    render(
      <AntdForTests>
        <AdminOnlyButton canEdit action="sync sources" onClick={onClick}>
          Sync now
        </AdminOnlyButton>
      </AntdForTests>,
    );
    const button = screen.getByRole('button', { name: 'Sync now' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
  });
});
