import type { Profile, UpdateUserBody } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors/http-error.js';
import { isOrganizationFileUrl } from '../../content/index.js';
import { recordProfileStep } from '../onboarding/onboarding.service.js';
import { markTermsAccepted, updateUser, type UserRecord } from './users.repository.js';

/** The profile as `GET users/me` answers it (docs/product.md §3), seen through the request's identity. */
export function toProfile(user: UserRecord, auth: AuthContext): Profile {
  const { actor, org } = auth;
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    photo: user.photo,
    role: user.role,
    organization: { id: org.id, name: org.name },
    app: { termsOfService: { accepted: user.termsAcceptedAt !== null } },
    impersonatedBy: actor
      ? { id: actor.id, displayName: actor.displayName, email: actor.email }
      : null,
  };
}

export function getProfile(auth: AuthContext): Profile {
  return toProfile(auth.user, auth);
}

export async function updateProfile(
  db: Database,
  auth: AuthContext,
  changes: UpdateUserBody,
): Promise<Profile> {
  const updated = await updateUser(db, auth.org.id, auth.user.id, changes);
  // The user was loaded a moment ago; a miss means it was deleted meanwhile.
  if (!updated) throw notFound('User');
  await recordProfileStep(db, auth.org.id, updated);
  return toProfile(updated, auth);
}

/**
 * `PATCH users/me`. A photo must be the URL of an image the organization uploaded (or null):
 * every member's browser loads it, so it may not point at another organization's file or
 * at an arbitrary address (tracking pixels, internal hosts).
 */
export async function updateUserRecord(
  db: Database,
  auth: AuthContext,
  changes: UpdateUserBody,
  contentBaseUrl: string,
): Promise<Profile> {
  const { photo } = changes;
  if (
    typeof photo === 'string' &&
    !(await isOrganizationFileUrl(db, contentBaseUrl, auth.org.id, photo))
  ) {
    throw badRequest('The photo must be an image uploaded to Revlane', [
      {
        path: 'body.photo',
        message: 'Upload the photo first and send the URL the upload answered',
      },
    ]);
  }
  return updateProfile(db, auth, changes);
}

/**
 * Accepting terms is a legal act of the user; support staff acting as the user may not do
 * it for them (impersonated sessions never see the terms dialog either, docs/product.md §4).
 */
export async function acceptTerms(db: Database, auth: AuthContext): Promise<Profile> {
  if (auth.actor) throw forbidden('Terms of service can only be accepted by the user themselves');
  const updated = await markTermsAccepted(db, auth.org.id, auth.user.id);
  if (!updated) throw notFound('User');
  return toProfile(updated, auth);
}
