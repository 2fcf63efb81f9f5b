import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Upload ids carry their organization (`<org id>_<32 hex>`), so every request on an upload is
 * checked against the caller's organization before tus sees it; another organization's
 * upload is a 404 like an unknown one.
 */
export const newUploadId = (orgId: string) => `${orgId}_${randomBytes(16).toString('hex')}`;

export const isUploadOf = (uploadId: string, orgId: string) =>
  uploadId.startsWith(`${orgId}_`) && /^[0-9a-f-]+_[0-9a-f]{32}$/.test(uploadId);

export interface Uploader {
  orgId: string;
  userId: string;
}

/**
 * Who sent a request, as the route verified it, for tus's hooks: they receive a web Request
 * wrapping the Node request (srvx keeps it as `runtime.node.req`), so the route files the
 * caller under that Node request. Nothing the client sends can set it.
 */
const uploaders = new WeakMap<IncomingMessage, Uploader>();

export function rememberUploader(request: IncomingMessage, uploader: Uploader): void {
  uploaders.set(request, uploader);
}

export function uploaderOf(request: Request): Uploader | undefined {
  const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return node ? uploaders.get(node) : undefined;
}
