export const CLIENT_DIR: string;
export const CLIENT_OUT: string;
export function clientSources(root: string): string[];
export function clientBundleFresh(root: string): boolean;
export function bundleClient(root: string, opts?: { write?: boolean }): { js: string; map: string | null };
