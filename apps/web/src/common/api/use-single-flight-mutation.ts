import {
  useMutation,
  type DefaultError,
  type DistributiveOmit,
  type MutateFunctionRest,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSingleFlight } from '../ui/use-single-flight';

export type SingleFlightMutation<TData, TError, TVariables, TContext> = DistributiveOmit<
  UseMutationResult<TData, TError, TVariables, TContext>,
  'mutate'
> & {
  /**
   * Sends the request unless this hook's previous one is still running; settles, and never
   * rejects, when the request it sent or joined ends, so a modal form, a confirm dialog or a
   * `MutationButton` stays loading until then. Failures are in `error`, as with `useMutation`.
   */
  mutate: (...args: MutateFunctionRest<TData, TError, TVariables, TContext>) => Promise<void>;
};

const ignore = () => undefined;

/**
 * `useMutation` that sends one request at a time (docs/product.md §5, Forms;
 * docs/architecture.md §8): a second `mutate` or `mutateAsync` while the first is in flight
 * sends nothing and gets the first one's promise. Guarded by a ref, so a double click or a second Enter before React
 * re-renders is ignored too: the query's `isPending` only turns true on the next macrotask.
 * Every feature mutation goes through it (ESLint forbids `useMutation` in features).
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): SingleFlightMutation<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const { run: mutateAsync } = useSingleFlight(mutation.mutateAsync);
  const mutate = useCallback(
    (...args: MutateFunctionRest<TData, TError, TVariables, TContext>) =>
      mutateAsync(...args).then(ignore, ignore),
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
