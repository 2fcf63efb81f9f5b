/**
 * Fixed option lists of the canonical model's enum columns: the catalogue offers them to the
 * filter builder, the compiler checks filter values against them, the generator draws from
 * them. Order is display order.
 */
export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const LIFECYCLE_STAGES = [
  'trial',
  'onboarding',
  'active',
  'expansion',
  'at_risk',
  'churned',
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** ISO 3166-1 alpha-2 codes of the countries customers come from. */
export const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'CA',
  'AU',
  'NL',
  'SE',
  'ES',
  'IT',
  'IN',
  'BR',
  'JP',
  'SG',
  'IL',
  'PL',
] as const;
export type Country = (typeof COUNTRIES)[number];

export const INDUSTRIES = [
  'software',
  'fintech',
  'healthcare',
  'retail',
  'education',
  'media',
  'manufacturing',
] as const;

export const USER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The option list of boolean columns (docs/product.md §5: "only 2 values: True and False"). */
export const BOOLEAN_OPTIONS = ['True', 'False'] as const;
