import { fork, type ChildProcess } from 'node:child_process';

/**
 * A bench client in its own process (a browser, a load generator), so its CPU and memory are
 * not charged to the server it measures. The child answers `{ ready: true }` once started,
 * then one message per request: the result, or `{ error }`.
 */
export interface ChildClient<Request, Result> {
  ask: (request: Request) => Promise<Result>;
  close: () => void;
}

const nextMessage = (child: ChildProcess) =>
  new Promise<unknown>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the bench client exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });

/** Forks `module` (a .ts file run through tsx) and waits until it is ready. */
export async function startChildClient<Request, Result>(
  module: URL,
): Promise<ChildClient<Request, Result>> {
  const child = fork(module, { execArgv: ['--import', 'tsx'] });
  await nextMessage(child);
  return {
    ask: async (request) => {
      const answer = nextMessage(child);
      child.send(request as object);
      const result = (await answer) as Result | { error: string };
      if (result && typeof result === 'object' && 'error' in result) throw new Error(result.error);
      return result;
    },
    close: () => child.kill(),
  };
}
