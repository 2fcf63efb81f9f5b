export const SECRET_SHAPES: { kind: string; source: string }[];
export function scanForSecrets(root: string): {
  findings: { file: string; kind: string }[];
  files: number;
  bytes: number;
};
