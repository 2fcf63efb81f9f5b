import { hasOwnName, type Profile } from '@revlane/contracts';

/**
 * docs/product.md §4: the terms dialog opens when the profile says not accepted and the session is not
 * impersonated (support staff may not accept for the user).
 */
export function isTermsRequired(profile: Profile | undefined, isImpersonating: boolean): boolean {
  if (!profile || isImpersonating || profile.impersonatedBy) return false;
  return !profile.app.termsOfService.accepted;
}

/** An account whose display name is still its email has no real name yet (docs/product.md §5). */
export function isNameMissing(profile: Profile): boolean {
  return !hasOwnName(profile);
}
