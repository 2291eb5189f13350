// The three built-in blog articles (/blog/aws, /blog/vpn, /blog/network-design). Titles and meta
// descriptions and dates come from the contract (the RSS feed lists them too); the article text lives here.
import { BUILT_IN_ARTICLES, type BlogArticleId } from '@agency/contract';
import { SITE } from '@agency/contract/content/site.ts';

export interface ArticleSection {
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

export interface BlogArticle {
  id: BlogArticleId;
  path: `/blog/${BlogArticleId}`;
  title: string;
  description: string;
  /** ISO date of publication. */
  publishedAt: string;
  author: string;
  image: { src: `/images/${string}`; width: number; height: number };
  /** Opening paragraph: shown first in the article and on the blog card. */
  intro: string;
  sections: readonly ArticleSection[];
}

type ArticleText = Pick<BlogArticle, 'intro' | 'sections'>;

const TEXT: Record<BlogArticleId, ArticleText> = {
  aws: {
    intro:
      'Amazon Web Services (AWS) is no longer only for start-ups with venture funding and global enterprises. For a growing business it can replace ageing servers, cut costs and make the whole company more resilient. Here is what it offers and how to decide whether it is right for you.',
    sections: [
      {
        heading: 'Pay for what you use',
        paragraphs: [
          'A physical server is bought for the busiest day of the next five years and sits mostly idle for the rest. On AWS you rent computing power by the second and storage by the gigabyte, so your bill follows your real workload. Quiet months cost less; a seasonal peak is covered without a new purchase order.',
          'Reserved instances and savings plans reduce the price further for the steady part of your workload, and budgets and alerts warn you long before a bill becomes a surprise.',
        ],
      },
      {
        heading: 'Scale in minutes, not months',
        paragraphs: [
          'When a marketing campaign works or a new office opens, you need more capacity now, not after a six-week hardware lead time. AWS lets us add servers, databases or storage in minutes, and auto scaling can do it for you automatically when traffic rises, then scale back down when it falls.',
        ],
      },
      {
        heading: 'Security and compliance built in',
        paragraphs: [
          'AWS data centres are protected to a standard few businesses could afford on their own, and the platform is certified against ISO 27001, SOC 2 and many other frameworks. You stay responsible for how your systems are configured, which is where we help:',
        ],
        bullets: [
          'Multi-factor authentication and least-privilege access for every account',
          'Encryption of data at rest and in transit by default',
          'Logging and alerts that flag unusual activity early',
          'Data kept in the London region when UK GDPR requires it',
        ],
      },
      {
        heading: 'Reliability you can plan around',
        paragraphs: [
          'Each AWS region is made of several separate data centres. Spreading your systems across them means a power cut or hardware failure in one does not take your business offline. Combined with automated backups and tested restores, recovery becomes a routine procedure rather than a crisis.',
        ],
      },
      {
        heading: 'Is AWS right for your business?',
        paragraphs: [
          'AWS suits businesses whose workload changes over time, who want to retire on-premises servers, or who run customer-facing applications that must stay online. For a small office that mainly needs email and shared files, Microsoft 365 may be simpler and cheaper. The honest answer depends on your applications, your data and your team.',
          `${SITE.name} reviews what you run today, estimates the monthly cost on AWS and plans a migration with no surprise downtime. If you would like that review, request a quote and we will reply within one business day.`,
        ],
      },
    ],
  },
  vpn: {
    intro:
      'Your staff work from home, from client sites and from the café round the corner, and every one of those connections is a way into your business. A properly configured business VPN keeps that traffic private and your systems out of reach of everyone else.',
    sections: [
      {
        heading: 'What a business VPN does',
        paragraphs: [
          'A virtual private network creates an encrypted tunnel between a device and your office or cloud network. Everything that travels through the tunnel is unreadable to anyone in between, whether that is a public Wi-Fi hotspot, an internet provider or an attacker on the same network.',
          'Unlike the consumer VPN apps advertised for streaming, a business VPN is about controlled access: it decides who can reach your internal systems, from which devices, and logs that they did.',
        ],
      },
      {
        heading: 'Safe remote working',
        paragraphs: [
          'With a VPN, remote staff reach the file server, accounting software and internal tools exactly as they would in the office, without exposing those systems directly to the internet. Combined with multi-factor authentication, a stolen password alone is no longer enough to get in.',
        ],
      },
      {
        heading: 'Connecting offices and the cloud',
        paragraphs: [
          'A site-to-site VPN joins two or more offices into one private network, so a branch in Kent can print to London or reach a server in Kathmandu as if it were down the corridor. The same technology links your office securely to cloud platforms such as AWS and Azure.',
        ],
      },
      {
        heading: 'Protecting customer data',
        paragraphs: [
          'UK GDPR expects you to protect personal data with appropriate technical measures. Encrypting remote connections is one of the simplest and most convincing of those measures, and the VPN logs help you show who accessed what if you ever need to.',
        ],
        bullets: [
          'Encryption of every remote connection',
          'Access limited to named users and managed devices',
          'Central logs for audits and incident response',
          'Instant removal of access when someone leaves',
        ],
      },
      {
        heading: 'Getting it right',
        paragraphs: [
          'A VPN is only as good as its configuration. Out-of-date firmware, shared accounts and overly broad access rules are the weaknesses attackers look for first. Choose modern protocols such as WireGuard or IKEv2, keep the appliance patched and review who has access every quarter.',
          `${SITE.name} designs, installs and manages VPNs for businesses of every size, from a handful of home workers to multi-site networks across the UK and Nepal. Get in touch and we will recommend the setup that fits the way you work.`,
        ],
      },
    ],
  },
  'network-design': {
    intro:
      'A network is the part of your IT that nobody notices until it fails. Designing it properly at the start, whether for a new office or a refit, saves years of slow Wi-Fi, dropped calls and expensive patch-ups. This guide walks through the decisions that matter.',
    sections: [
      {
        heading: 'Start with how you work',
        paragraphs: [
          'Before choosing any equipment, list who works where, which applications they use, how many devices connect and how that will change over the next three to five years. A design office moving large files, a clinic with medical devices and a restaurant with card terminals need very different networks.',
        ],
      },
      {
        heading: 'Choosing a topology',
        paragraphs: [
          'Most business networks today use a star or hierarchical topology: devices connect to access switches, which connect to a core switch and the firewall. It is easy to manage, easy to expand and a single faulty cable affects one desk, not the whole floor. Larger sites add redundant links between switches so that one failure never stops the business.',
        ],
      },
      {
        heading: 'Cabling and Wi-Fi',
        paragraphs: [
          'Structured Cat6 or Cat6a cabling is still the backbone of a reliable office, and it is far cheaper to install during a fit-out than afterwards. For Wi-Fi, plan coverage with a site survey rather than guesswork, and use enterprise access points that hand devices over smoothly as people move around.',
        ],
        bullets: [
          'Cabled connections for desks, printers, phones and access points',
          'Wi-Fi 6 or newer access points, centrally managed',
          'A separate guest network that cannot see your business systems',
          'Spare capacity in the cabinet for growth',
        ],
      },
      {
        heading: 'Security by design',
        paragraphs: [
          'Divide the network into segments (VLANs) for staff, guests, phones, cameras and payment terminals, and let the firewall control what may talk to what. If one device is compromised, segmentation stops an attacker moving freely across the business. Add a VPN for remote access and monitoring that alerts you to unusual traffic.',
        ],
      },
      {
        heading: 'Plan for growth and support',
        paragraphs: [
          'Document everything: cable labels, switch configurations, passwords in a proper vault and a diagram someone else can understand. Good documentation turns a future change from a day of detective work into an hour of routine.',
          `${SITE.name} designs and installs networks for offices, shops, restaurants and warehouses across the UK and Nepal, and supports them afterwards. Tell us about your site and we will propose a design with a fixed price.`,
        ],
      },
    ],
  },
};

export const BLOG_ARTICLES: readonly BlogArticle[] = BUILT_IN_ARTICLES.map((article) => ({
  id: article.slug,
  path: `/blog/${article.slug}`,
  title: article.title,
  description: article.description,
  publishedAt: article.publishedAt,
  author: SITE.name,
  image: { src: `/images/pages/blog/${article.slug}.svg`, width: 640, height: 360 },
  ...TEXT[article.slug],
}));

export const blogArticleByPath = (path: string) =>
  BLOG_ARTICLES.find((article) => article.path === path.toLowerCase().replace(/(.)\/$/, '$1'));

/** What the blog search reads of a built-in article (server only): its title, and its text as plain words. */
export const articleSearchText = (article: BlogArticle) => ({
  id: article.id,
  title: article.title,
  text: [
    article.description,
    article.intro,
    ...article.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.bullets ?? [])]),
  ].join('\n'),
});
