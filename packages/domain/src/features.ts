export const FEATURE_NAMES = [
  'order',
  'tiered_pricing',
  'inventory',
  'reports',
  'clover',
  'bottle_pos',
  'fintech',
  'customer_invoice_numbering',
  'mpower',
  'ai',
  'barcode',
  'payment',
  'internal_sku',
  'email',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface FeatureDefinition {
  name: FeatureName;
  title: string;
  description: string;
  pricing: string;
  /** Gated features are switched on by us after an access request, not by the company itself. */
  gated?: boolean;
  comingSoon?: boolean;
  request_access?: { description1: string; description2: string };
}

// Decision (spec says the gated set is not shown): features that need an agreement with an
// outside party (the clearing house, MPower) are gated; the rest switch on instantly.
export const FEATURES: FeatureDefinition[] = [
  {
    name: 'payment',
    title: 'Payments',
    description: 'Record payments on invoices and see the payments report.',
    pricing: 'Free',
  },
  {
    name: 'email',
    title: 'Email Invoices',
    description: 'Email invoices as PDF to your customers and keep an email log.',
    pricing: 'Free',
  },
  {
    name: 'internal_sku',
    title: 'Internal SKU',
    description: 'Keep your own SKU on every product and show it on invoices and orders.',
    pricing: 'Free',
  },
  {
    name: 'order',
    title: 'Online Ordering',
    description: 'Let your customers order online on your own subdomain and turn orders into invoices.',
    pricing: '$49 / month',
  },
  {
    name: 'tiered_pricing',
    title: 'Tiered Pricing',
    description: 'Price tiers as a percentage over your base price, assigned per customer.',
    pricing: '$19 / month',
  },
  {
    name: 'inventory',
    title: 'Inventory',
    description: 'Track stock, restock from purchase orders and review inventory history.',
    pricing: '$29 / month',
  },
  {
    name: 'reports',
    title: 'Reports',
    description: 'Compare invoice and order totals month over month or week over week.',
    pricing: '$9 / month',
  },
  {
    name: 'customer_invoice_numbering',
    title: 'Customer Invoice Numbering',
    description: 'Show invoice numbers as {customer id}-{number}.',
    pricing: '$5 / month',
  },
  {
    name: 'bottle_pos',
    title: 'Bottle POS',
    description: 'Synchronise products and invoices with Bottle POS.',
    pricing: '$39 / month',
  },
  {
    name: 'clover',
    title: 'Clover',
    description: 'Push inventory and invoices to your Clover point of sale.',
    pricing: '$39 / month',
  },
  {
    name: 'fintech',
    title: 'Fintech',
    description: 'Collect payments for invoices through the fintech clearing house (EFT).',
    pricing: '$0.50 / invoice',
    gated: true,
    request_access: {
      description1:
        'Fintech needs your clearing-house retailer id. Request access and we will contact you to set it up.',
      description2: 'Fintech is active for your company. You can deactivate it at any time.',
    },
  },
  {
    name: 'mpower',
    title: 'MPower',
    description: 'Send invoices to MPower for your customers.',
    pricing: '$19 / month',
    gated: true,
    request_access: {
      description1: 'MPower needs an agreement with MPower. Request access and we will contact you.',
      description2: 'MPower is active for your company. You can deactivate it at any time.',
    },
  },
  {
    name: 'ai',
    title: 'AI Assistant',
    description: 'Build invoices from a photo of an order.',
    pricing: 'TBA',
    comingSoon: true,
  },
  {
    name: 'barcode',
    title: 'Barcode Labels',
    description: 'Print barcode labels for your products.',
    pricing: 'TBA',
    comingSoon: true,
  },
];

export const FREE_FEATURES: FeatureName[] = ['payment', 'internal_sku', 'email'];
/**
 * Free features a new company starts with (issue 36): recording payments and emailing invoices are
 * what a first day needs. Internal SKU stays off: it adds a field to every product and invoice line
 * that a company without its own SKUs would not want.
 */
export const FEATURES_ON_AT_SIGN_UP: FeatureName[] = ['payment', 'email'];

export function featureDefinition(name: string): FeatureDefinition | undefined {
  return FEATURES.find((f) => f.name === name);
}

export interface CompanyFeatureState {
  name: string;
  active: boolean;
  ignore_pricing?: boolean;
}

export function isFeatureActive(features: CompanyFeatureState[] | undefined, name: FeatureName): boolean {
  return !!features?.some((f) => f.name === name && f.active);
}

/** Pricing is not blocked when the POS feature is off or the company feature ignores pricing. */
export function canEditPricing(features: CompanyFeatureState[] | undefined): boolean {
  const pos = features?.filter((f) => (f.name === 'bottle_pos' || f.name === 'clover') && f.active) ?? [];
  return pos.every((f) => f.ignore_pricing);
}

export function isPosActive(features: CompanyFeatureState[] | undefined): boolean {
  return isFeatureActive(features, 'bottle_pos') || isFeatureActive(features, 'clover');
}
