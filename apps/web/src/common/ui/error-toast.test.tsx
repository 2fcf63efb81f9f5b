import { ERROR_TEXTS } from '@revlane/contracts';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, createQueryClient, toApiError } from '@/common/api';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { getErrorToastText, showErrorToast } from './error-toast';

const client = createApiClient('http://localhost:3000/user/api/v1', {
  getAccessToken: () => Promise.resolve('t'),
  impersonatedUserId: null,
});

function FailingQuery() {
  useQuery({ queryKey: ['probe'], queryFn: () => client.get('users/me') });
  return null;
}

function FailingMutation() {
  const mutation = useMutation({ mutationFn: () => client.post('users/me/accept-terms') });
  return <button onClick={() => mutation.mutate()}>Save</button>;
}

function renderWithToasts(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient(showErrorToast)}>
      {ui}
      <Toaster position="top-right" />
    </QueryClientProvider>,
  );
}

describe('error toasts of failed queries and mutations (docs/product.md §8)', () => {
  it("toasts the body's text under 'Failed to complete the operation'", async () => {
    stubFetch(() => jsonResponse(404, { error: 'not_found', message: 'Segment not found.' }));
    renderWithToasts(<FailingQuery />);
    const text = await screen.findByText('Segment not found.');
    expect(text.parentElement).toHaveTextContent(`${ERROR_TEXTS.toastTitle}Segment not found.`);
  });

  it('toasts a failed mutation too, with the first field error when there is no other text', async () => {
    stubFetch(() => jsonResponse(422, { errors: [{ path: 'name', message: 'Name is taken' }] }));
    renderWithToasts(<FailingMutation />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXTS.toastTitle)).toBeInTheDocument();
  });

  it('shows no toast for a 401', async () => {
    const { fetchStub } = stubFetch(() =>
      jsonResponse(401, { error: 'unauthorized', message: 'Sign in again.' }),
    );
    renderWithToasts(<FailingQuery />);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(ERROR_TEXTS.toastTitle)).not.toBeInTheDocument();
  });

  it('toasts the generic advice for a server fault, never its internals', async () => {
    stubFetch(() => jsonResponse(503, { error: 'service_unavailable', message: 'pool exhausted' }));
    renderWithToasts(<FailingQuery />);
    expect(await screen.findByText(ERROR_TEXTS.tryLater)).toBeInTheDocument();
    expect(screen.queryByText('pool exhausted')).not.toBeInTheDocument();
  });

  it('toasts the generic advice when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    renderWithToasts(<FailingQuery />);
    expect(await screen.findByText(ERROR_TEXTS.tryLater)).toBeInTheDocument();
  });
});

describe('getErrorToastText', () => {
  const axiosError = (message: string, code: string) => toApiError(new AxiosError(message, code));

  it.each([
    [
      'a 400 with a message',
      new ApiError({ message: 'Name is required', status: 400 }),
      'Name is required',
    ],
    [
      'a 404 without a body',
      new ApiError({ message: 'Request failed with status code 404', status: 404 }),
      'Request failed with status code 404',
    ],
    [
      'a 413',
      new ApiError({ message: 'The file is larger than 5 MB.', status: 413 }),
      'The file is larger than 5 MB.',
    ],
    ['an aborted request', axiosError('Request aborted', 'ECONNABORTED'), 'Request aborted'],
    ['a 500', new ApiError({ message: 'boom', status: 500 }), ERROR_TEXTS.tryLater],
    ['a network failure', axiosError('Network Error', 'ERR_NETWORK'), ERROR_TEXTS.tryLater],
    ['a timeout', axiosError('timeout of 10000ms exceeded', 'ECONNABORTED'), ERROR_TEXTS.tryLater],
    [
      'an answer that breaks the contract',
      toApiError(Object.assign(new Error('[]'), { name: 'ZodError' })),
      ERROR_TEXTS.tryLater,
    ],
    ['a 401', new ApiError({ message: 'Unauthorized', status: 401 }), null],
    [
      'an ended identity session',
      toApiError(Object.assign(new Error('Login required'), { error: 'login_required' })),
      null,
    ],
  ])('%s', (_case, error, expected) => {
    expect(getErrorToastText(error)).toBe(expected);
  });
});
