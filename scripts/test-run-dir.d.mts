export const TEST_RUN_DIR_ENV: string;
export const ISSUED_SECRETS_FILE: string;
export function testRunDir(): string | undefined;
export function runDataDir(prefix: string): string | null;
export function runLogFile(name: string): string | null;
export function keepRunLog(name: string, text: string): void;
export function removeUnlessKept(dir: string): void;
export function recordIssuedSecret(kind: string, value: string): void;
