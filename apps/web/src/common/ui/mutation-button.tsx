import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useSingleFlight } from './use-single-flight';

export interface MutationButtonProps extends Omit<ButtonProps, 'onClick'> {
  /**
   * Sends the change. While the promise it returns is pending (a feature mutation's `mutate`
   * returns one) the button is loading and disabled, and further clicks do nothing.
   */
  onClick?: (event: MouseEvent<HTMLElement>) => unknown;
}

/**
 * A button that sends a change once per click, however fast the clicks come (docs/product.md
 * §5, Forms): a double click sends one request. `loading` from the caller (e.g. a sync still
 * running on the server) disables it too.
 */
export function MutationButton({ onClick, loading, disabled, ...props }: MutationButtonProps) {
  const click = useSingleFlight((event: MouseEvent<HTMLElement>) => onClick?.(event));
  const isBusy = click.isPending || loading === true;
  return (
    <Button
      {...props}
      loading={click.isPending || loading}
      disabled={disabled || isBusy}
      onClick={click.run}
    />
  );
}
