// Fixed-price website packages (docs/product.md section 9): plans grouped by category, plus what every plan includes.

export type PackageCategoryId = 'business' | 'ecommerce' | 'restaurant';

export interface PackageCategory {
  id: PackageCategoryId;
  name: string;
  description: string;
}

/** Accent colour of a plan card; each maps to classes with AA contrast in the card component. */
export type PlanColour = 'blue' | 'indigo' | 'violet' | 'emerald' | 'amber';

export interface PackagePlan {
  id: string;
  category: PackageCategoryId;
  name: string;
  /** Price in pounds sterling. */
  price: number;
  description: string;
  features: readonly string[];
  colour: PlanColour;
}

export const PACKAGES_HERO = {
  title: 'Packages',
  lead: 'Fixed prices, clear inclusions and no surprises. Pick the package that fits today; we will help you grow into the next one.',
} as const;

export const PACKAGE_CATEGORIES: readonly PackageCategory[] = [
  {
    id: 'business',
    name: 'Business',
    description: 'Professional websites for startups, consultants and established local businesses.',
  },
  {
    id: 'ecommerce',
    name: 'E-commerce',
    description: 'A complete online shop with secure payments, built to sell from day one.',
  },
  {
    id: 'restaurant',
    name: 'Restaurant',
    description: 'Websites for restaurants, cafés and takeaways, with your menu online and orders flowing.',
  },
];

export const PACKAGE_PLANS: readonly PackagePlan[] = [
  {
    id: 'business-startup',
    category: 'business',
    name: 'Startup',
    price: 500,
    description: 'Everything a new business needs to look credible online and start winning enquiries.',
    features: [
      '4 pages',
      'Delivery in 2 weeks',
      '3 months of support',
      '1 business email account',
      '1 payment integration',
    ],
    colour: 'blue',
  },
  {
    id: 'business-professional',
    category: 'business',
    name: 'Professional',
    price: 800,
    description: 'For growing businesses that want more room, more mailboxes and the reassurance of backups.',
    features: [
      'Delivery in 3 weeks',
      '6 months of support',
      'Up to 5 business email accounts',
      '1 month of backups',
      '1 payment integration',
    ],
    colour: 'indigo',
  },
  {
    id: 'ecommerce',
    category: 'ecommerce',
    name: 'E-commerce',
    price: 2000,
    description: 'A fast, secure online shop with a checkout built to convert and a CDN to keep it quick everywhere.',
    features: [
      'Up to 30 products (further products at extra cost per product)',
      '2 payment integrations',
      'Up to 10 business email accounts',
      '12 months of support',
      '4 months of monthly backups',
      'Delivery in 4 weeks',
      'CDN setup',
    ],
    colour: 'violet',
  },
  {
    id: 'restaurant-startup',
    category: 'restaurant',
    name: 'Startup',
    price: 800,
    description: 'Put your menu online and take payments, with the essentials every restaurant needs.',
    features: [
      '5 pages',
      'Menu with up to 15 items',
      '1 payment integration',
      '2 business email accounts',
      '6 months of support',
      '2 months of backups',
      'Delivery in 2 weeks',
    ],
    colour: 'emerald',
  },
  {
    id: 'restaurant-gold',
    category: 'restaurant',
    name: 'Gold',
    price: 1200,
    description: 'For busy restaurants: a bigger menu, more payment options and online table bookings.',
    features: [
      'Menu with up to 30 items',
      '3 payment integrations',
      'Up to 4 business email accounts',
      '12 months of support',
      '4 months of backups',
      'Table booking form',
      'Delivery in 4 weeks',
    ],
    colour: 'amber',
  },
];

/** Included in every plan. */
export const SHARED_INCLUSIONS = {
  title: 'Included in every package',
  items: ['Free .co.uk domain for a year', 'Hosting for a year', 'SSL certificate setup', 'SEO optimization'],
} as const;

export const plansIn = (category: PackageCategoryId) => PACKAGE_PLANS.filter((plan) => plan.category === category);

// Written as docs/product.md writes the prices ("£2000"), without a thousands separator.
const GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
  useGrouping: false,
});
/** "£2000" */
export const formatGbp = (pounds: number) => GBP.format(pounds);

const NPR = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'NPR',
  maximumFractionDigits: 0,
  useGrouping: false,
});
/** "£2000", or "NPR 150000" for a plan priced in rupees. */
export const formatPrice = (amount: number, currency: 'GBP' | 'NPR') =>
  currency === 'NPR' ? NPR.format(amount) : GBP.format(amount);
