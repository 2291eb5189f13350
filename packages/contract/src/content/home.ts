// Text of the home page (/): hero, areas of expertise, Table-Order-System, mission, why us, tech strip.
import { SERVICES_CATALOGUE, type Service } from './services.ts';
import { SITE } from './site.ts';

export const HOME_HERO = {
  eyebrow: 'IT and web services from London, Kent and Kathmandu',
  title: 'Technology that moves your business forward',
  lead: `${SITE.name} designs, builds and looks after the networks, servers, cloud platforms and websites that growing businesses run on, so your team can get on with the work that matters.`,
  cta: { label: 'View our services', to: '/services' },
  secondaryCta: { label: 'Request a quote', to: '/quote' },
} as const;

/** The six services shown as "Areas of expertise" cards, in docs/product.md's order. */
const EXPERTISE_PATHS = [
  '/network-design',
  '/server-setup',
  '/cloud-services',
  '/cloud-storage-backup',
  '/custom-development',
  '/it-support',
] as const;

export const EXPERTISE: readonly Service[] = EXPERTISE_PATHS.map((path) => {
  const service = SERVICES_CATALOGUE.find((candidate) => candidate.path === path);
  if (!service) throw new Error(`Home expertise card points to a missing service: ${path}`);
  return service;
});

export const EXPERTISE_INTRO = {
  title: 'Areas of expertise',
  lead: 'From the cable in the wall to the website your customers see, one team that understands the whole picture.',
} as const;

export const TABLE_ORDER = {
  title: 'Table-Order-System',
  lead: 'Our own ordering product for restaurants, cafés and bars: guests order from their table on their own phone, and your kitchen sees every order the moment it is placed.',
  steps: [
    {
      title: 'Scan a QR code at the table',
      text: 'Each table has its own code, so every order arrives already tagged with the right table number.',
    },
    {
      title: 'Browse the menu',
      text: 'Photos, prices, allergens and daily specials, updated by your staff in seconds, with no reprinting.',
    },
    {
      title: 'Place the order',
      text: 'Guests choose, customise and send their order without waiting to catch a server’s eye.',
    },
    {
      title: 'Real-time order updates',
      text: 'Orders appear in the kitchen instantly and guests see when their food is being prepared and on its way.',
    },
  ],
  cta: { label: 'See restaurant packages', to: '/packages' },
  image: { src: '/images/pages/home/table-order.svg', width: 640, height: 420 },
} as const;

export const MISSION = {
  title: 'Our mission',
  text: [
    'We exist to give small and medium-sized businesses the kind of IT that large companies take for granted: reliable, secure and planned for the years ahead rather than patched together in a crisis.',
    'With engineers in the United Kingdom and Nepal, we combine local, face-to-face service with a development team that keeps projects moving around the clock, and we pass the efficiency on in fair, fixed prices.',
  ],
} as const;

export const WHY_CHOOSE_US = {
  title: 'Why choose us',
  reasons: [
    {
      title: 'Expertise',
      text: 'Certified engineers and developers who have designed networks, run servers and shipped web applications for years, not weeks.',
    },
    {
      title: 'Innovation',
      text: 'We adopt proven new tools early, from cloud automation to modern web frameworks, whenever they make your systems faster, safer or cheaper to run.',
    },
    {
      title: 'Customer-Centric',
      text: 'A named contact, plain English, honest estimates and a reply within one business day. We measure success by how rarely you need to call us.',
    },
  ],
} as const;

export const TECH_STACK = {
  title: 'Technologies we work with',
  items: ['WordPress', 'Tailwind CSS', 'React.js', 'Express.js', 'Node.js', 'MongoDB', 'JavaScript', 'Github'],
} as const;
