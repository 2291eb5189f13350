// The services catalogue: three categories, twelve services. Header dropdown, /services,
// home cards, landing pages and the sitemap all read it from here.

export type ServiceCategoryId = 'cloud' | 'web' | 'managed';

export interface ServiceCategory {
  id: ServiceCategoryId;
  name: string;
}

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  { id: 'cloud', name: 'Cloud Computing Solutions' },
  { id: 'web', name: 'Website Development' },
  { id: 'managed', name: 'Managed IT Solutions' },
];

export interface Service {
  slug: string;
  path: `/${string}`;
  name: string;
  category: ServiceCategoryId;
  /** Illustration (local SVG, 640×400) for the /services detail panel and cards. */
  image: `/images/${string}`;
  /** One or two sentences: cards, the /services detail panel and meta descriptions. */
  description: string;
}

export const SERVICES_CATALOGUE: readonly Service[] = [
  {
    slug: 'cloud-services',
    path: '/cloud-services',
    name: 'Cloud Computing',
    category: 'cloud',
    image: '/images/pages/services/cloud-services.svg',
    description:
      'Scalable cloud infrastructure on AWS, Azure and Microsoft 365, designed, secured and run for you so your team can work from anywhere.',
  },
  {
    slug: 'cloud-storage-backup',
    path: '/cloud-storage-backup',
    name: 'Cloud Storage and Backup',
    category: 'cloud',
    image: '/images/pages/services/cloud-storage-backup.svg',
    description:
      'Encrypted, automated backups and shared cloud storage with tested restores, so a lost laptop or a ransomware attack never means lost data.',
  },
  {
    slug: 'cloud-migration',
    path: '/cloud-migration',
    name: 'Cloud Migration',
    category: 'cloud',
    image: '/images/pages/services/cloud-migration.svg',
    description:
      'A planned move of your servers, files and applications to the cloud or a hybrid setup, with no surprise downtime and a clear rollback plan.',
  },
  {
    slug: 'custom-development',
    path: '/custom-development',
    name: 'Custom Website Development',
    category: 'web',
    image: '/images/pages/services/custom-development.svg',
    description:
      'Fast, accessible websites and web applications built to your brief, from marketing sites to booking systems and customer portals.',
  },
  {
    slug: 'wordpress-development',
    path: '/wordpress-development',
    name: 'WordPress Development',
    category: 'web',
    image: '/images/pages/services/wordpress-development.svg',
    description:
      'WordPress sites your team can edit with confidence: custom themes, secure plugins, speed tuning and ongoing care.',
  },
  {
    slug: 'ecommerce-development',
    path: '/ecommerce-development',
    name: 'E-commerce Development',
    category: 'web',
    image: '/images/pages/services/ecommerce-development.svg',
    description:
      'Online shops on the MERN stack with secure payments, stock management and a checkout built to convert.',
  },
  {
    slug: 'server-setup',
    path: '/server-setup',
    name: 'Server Setup and Management',
    category: 'managed',
    image: '/images/pages/services/server-setup.svg',
    description:
      'Physical and virtual servers installed, hardened, monitored and patched, on your premises or in the data centre.',
  },
  {
    slug: 'network-design',
    path: '/network-design',
    name: 'Network Design and Implementation',
    category: 'managed',
    image: '/images/pages/services/network-design.svg',
    description:
      'Wired and wireless networks planned around how your office works: structured cabling, enterprise Wi-Fi and segmented, secure traffic.',
  },
  {
    slug: 'vpn-setup',
    path: '/vpn-setup',
    name: 'VPN Setup and Management',
    category: 'managed',
    image: '/images/pages/services/vpn-setup.svg',
    description:
      'Secure remote access for staff and branch offices, with VPNs configured, monitored and kept up to date.',
  },
  {
    slug: 'firewall',
    path: '/firewall',
    name: 'Firewall Installation and Management',
    category: 'managed',
    image: '/images/pages/services/firewall.svg',
    description:
      'Standalone firewall appliances installed, configured and watched, keeping threats out and your business traffic flowing.',
  },
  {
    slug: 'system-upgrade',
    path: '/system-upgrade',
    name: 'System Upgrades and Patch Management',
    category: 'managed',
    image: '/images/pages/services/system-upgrade.svg',
    description:
      'Operating systems, applications and firmware kept current on a schedule you agree, closing security holes before they are used.',
  },
  {
    slug: 'it-support',
    path: '/it-support',
    name: 'IT Support',
    category: 'managed',
    image: '/images/pages/services/it-support.svg',
    description:
      'On-site and remote IT support from engineers who know your systems, with fast answers and fixes that stay fixed.',
  },
];

export const servicesIn = (category: ServiceCategoryId) =>
  SERVICES_CATALOGUE.filter((service) => service.category === category);

export const serviceByPath = (path: string) => SERVICES_CATALOGUE.find((service) => service.path === path);
