/**
 * How many table swaps (new loads, dropped organizations) this process has committed: readers
 * that cache what the current load is compare it to know their cache is out of date.
 */
let swaps = 0;

/** Called by the engines after a swap or a drop has committed. */
export function noteLoadSwap(): void {
  swaps += 1;
}

export function loadSwapCount(): number {
  return swaps;
}
