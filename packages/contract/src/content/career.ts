// Prose of the career page; the open positions themselves come from the contract's CAREER_POSITIONS.
import type { CAREER_POSITIONS } from '../options.ts';
import { SITE } from './site.ts';

type Position = (typeof CAREER_POSITIONS)[number];

export const CAREER_INTRO = {
  heading: 'Build Your Career With Us',
  lead: `${SITE.name} is a team of engineers, designers and marketers in London, Kent and Kathmandu. We build websites, cloud platforms and networks for businesses in the UK and Nepal, and we are growing.`,
  body: 'We hire people who like solving real problems for real clients. You will work on varied projects, learn from colleagues in both countries and see the difference your work makes.',
} as const;

export const CAREER_REASONS = [
  {
    title: 'Real projects, real impact',
    body: 'Work directly with clients on websites, cloud platforms and networks they rely on every day.',
  },
  {
    title: 'One team, two countries',
    body: 'Collaborate with colleagues in the UK and Nepal and learn how international teams deliver.',
  },
  {
    title: 'Time to learn',
    body: 'Paid certifications, mentoring from senior engineers and time set aside each month for learning.',
  },
  {
    title: 'Flexible working',
    body: 'Hybrid working from our offices and home, with hours that respect your life outside work.',
  },
] as const;

export const POSITION_SUMMARIES: Record<Position, string> = {
  'Graphics Designer':
    'Design brand assets, website layouts and marketing graphics for our clients and our own products.',
  'Digital Marketing': 'Plan and run SEO, social media and paid campaigns that bring our clients measurable leads.',
  'MERN Stack Developer': 'Build websites, online shops and web applications with MongoDB, Express, React and Node.js.',
  'DevOps Engineer':
    'Automate deployments, run cloud infrastructure on AWS and Azure, and keep client systems monitored and secure.',
};

export const CAREER_LOCATIONS_NOTE =
  'All positions are open in the United Kingdom and in Nepal. Tell us in your application where you would like to work.';

export const CAREER_APPLY = {
  heading: 'Apply Now',
  body: 'Send us your details and your CV. We read every application and reply to shortlisted candidates within two weeks.',
} as const;
