import { fork } from 'node:child_process';
import { afterAll } from 'vitest';

/**
 * Runs a TypeScript file of this folder in a child process (through tsx), with one JSON
 * argument; `next` answers its next message (and fails if it exits first). Killed after the test
 * file if still running.
 */
export function startChildProcess<Message>(file: string, argument: unknown) {
  const child = fork(new URL(`./${file}`, import.meta.url), [JSON.stringify(argument)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`${file} exited (${code ?? signal}) before answering`)));
  });
  exited.catch(() => {});
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  return {
    next: () => Promise.race([new Promise<Message>((resolve) => child.once('message', (message) => resolve(message as Message))), exited]),
    send: (message: string) => child.send(message),
  };
}
