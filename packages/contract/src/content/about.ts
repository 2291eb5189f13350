// Text of the About page (/about): six sections in docs/product.md's order.
import { SITE } from './site.ts';

export interface AboutSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** Optional bullet points shown after the paragraphs. */
  points?: readonly { title: string; text: string }[];
}

export const ABOUT_HERO = {
  title: 'About Us',
  lead: `${SITE.name} is an IT and web services agency with offices in London, Kent and Kathmandu. We look after the technology of businesses that would rather not think about technology.`,
} as const;

export const ABOUT_SECTIONS: readonly AboutSection[] = [
  {
    id: 'mission',
    title: 'Our Mission',
    paragraphs: [
      'Our mission is to make dependable, secure IT affordable for small and medium-sized businesses. We plan, build and support systems that simply work, and we explain every recommendation in plain English so you can make decisions with confidence.',
    ],
  },
  {
    id: 'story',
    title: 'Our Story',
    paragraphs: [
      'We started as a two-person network and support consultancy in Kent, fixing servers and Wi-Fi for local firms, surgeries and shops. As clients asked us for websites and cloud systems too, we hired developers, and in time opened a development and support centre in Kathmandu.',
      'Today our UK engineers work on site with clients across London and the South East, while our Nepal team builds web applications and provides remote support across both time zones. The result is one team that can install a firewall on Monday and launch your online shop on Friday.',
    ],
  },
  {
    id: 'culture',
    title: 'Our Culture',
    paragraphs: [
      'We are a practical, curious team. We write things down, test before we ship, and own our mistakes when they happen. Engineers in both countries share the same tools, standards and on-call rota, and everyone spends time learning: certifications, conference talks and a weekly session where someone teaches the rest of us something new.',
    ],
  },
  {
    id: 'team',
    title: 'Our Team',
    paragraphs: ['Our people cover the whole journey from first conversation to long-term support:'],
    points: [
      {
        title: 'Network and infrastructure engineers',
        text: 'Design and install cabling, Wi-Fi, firewalls, VPNs and servers.',
      },
      {
        title: 'Cloud specialists',
        text: 'Plan migrations, run Microsoft 365, Azure and AWS, and keep backups tested.',
      },
      {
        title: 'Web developers and designers',
        text: 'Build fast, accessible websites, shops and web applications with React, Node.js and WordPress.',
      },
      { title: 'Support desk', text: 'Answer calls and tickets, on site in the UK and remotely from both offices.' },
    ],
  },
  {
    id: 'vision',
    title: 'Our Vision',
    paragraphs: [
      'We want to be the technology partner that growing businesses in the UK and Nepal recommend to each other: the firm that answers the phone, keeps its promises and helps clients use technology to win new customers, not just to keep the lights on.',
    ],
  },
  {
    id: 'different',
    title: "Why We're Different",
    paragraphs: [
      'Most agencies do either infrastructure or websites. We do both, which means fewer suppliers, fewer hand-offs and nobody to blame but us.',
    ],
    points: [
      { title: 'Fixed prices', text: 'Clear packages and written quotes, with no surprise invoices.' },
      {
        title: 'Two time zones',
        text: 'Work continues overnight in Kathmandu, so projects move faster and support reaches further.',
      },
      { title: 'Security first', text: 'Every system we build is patched, backed up and locked down from day one.' },
      {
        title: 'Reply within one business day',
        text: 'Every enquiry and quote request gets a real answer from a real person.',
      },
    ],
  },
];
