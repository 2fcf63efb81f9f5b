import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useSingleFlightMutation } from './use-single-flight-mutation';

function SendButton({ send }: { send: () => Promise<string> }) {
  const mutation = useSingleFlightMutation({ mutationFn: send });
  return (
    <>
      {/* A plain button: the guard is the mutation's, whatever the control. */}
      <button onClick={() => void mutation.mutate()}>Send</button>
      {mutation.isSuccess && <p role="status">{mutation.data}</p>}
    </>
  );
}

function renderSend(send: () => Promise<string>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SendButton send={send} />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Send' });
}

describe('useSingleFlightMutation (docs/product.md §5, Forms)', () => {
  it('sends one request for a double click, and the next one after it ends', async () => {
    let finish = (_answer: string) => undefined as void;
    const answer = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const send = vi.fn(() => answer);
    const button = renderSend(send);

    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send).toHaveBeenCalledTimes(1);

    finish('sent');
    await act(() => answer);
    expect(await screen.findByRole('status')).toHaveTextContent('sent');
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('lets the next request go after a failed one', async () => {
    const send = vi.fn(() => Promise.reject(new Error('Slack is down')));
    const button = renderSend(send);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send).toHaveBeenCalledTimes(1);
    // Clicks while the failure settles are ignored; the first one after it sends.
    await waitFor(() => {
      fireEvent.click(button);
      expect(send).toHaveBeenCalledTimes(2);
    });
  });
});
