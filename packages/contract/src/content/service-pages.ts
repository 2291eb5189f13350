// Prose of the twelve service landing pages, keyed by the catalogue slug (content/services.ts).
// No `~/` imports here: the browser tests import this module directly.

export interface ContentImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface ContentCard {
  title: string;
  body: string;
}

export interface ContentSection {
  /** Anchor and heading id; unique within the page. */
  id: string;
  heading: string;
  intro?: string;
  /** `cards`: a grid of cards; `list`: a bulleted list (the "importance" lists). */
  layout: 'cards' | 'list';
  items: readonly ContentCard[];
  /** Illustration beside a list; always below the fold, so it loads lazily. */
  image?: ContentImage;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface ServicePage {
  slug: string;
  hero: {
    eyebrow: string;
    title: string;
    intro: string;
    /** Label of the button that opens the inquiry mail draft. */
    mailLabel: string;
    /** Label of an extra link to /connect (WordPress and e-commerce). */
    connectLabel?: string;
    image: ContentImage;
  };
  sections: readonly ContentSection[];
  faqs: readonly Faq[];
  closing: { heading: string; body: string; label: string };
}

const TALK_TO = 'Talk to our experts';
const SIZE = { width: 560, height: 420 } as const;

const heroImage = (slug: string, alt: string): ContentImage => ({ src: `/images/services/${slug}.svg`, alt, ...SIZE });

const CATEGORY_IMAGES = {
  cloud: {
    src: '/images/services/category-cloud.svg',
    alt: 'Illustration of connected cloud services linked to an office',
    ...SIZE,
  },
  web: {
    src: '/images/services/category-web.svg',
    alt: 'Illustration of a website shown on a laptop and a phone',
    ...SIZE,
  },
  managed: {
    src: '/images/services/category-managed.svg',
    alt: 'Illustration of a server rack protected by a security shield',
    ...SIZE,
  },
} as const satisfies Record<string, ContentImage>;

const QUOTE_REPLY: Faq = {
  question: 'How quickly will I get a quote?',
  answer:
    'We reply to every quote request within one business day. For larger projects we may suggest a short call first so the quote reflects what you actually need.',
};

const closing = (topic: string): ServicePage['closing'] => ({
  heading: `Ready to talk about ${topic}?`,
  body: 'Tell us where you are today and where you want to be. One of our engineers will get back to you within one business day with honest advice and a clear next step.',
  label: 'Contact us',
});

const PAGES: readonly ServicePage[] = [
  {
    slug: 'cloud-services',
    hero: {
      eyebrow: 'Cloud Computing Solutions',
      title: 'Cloud Computing Services That Grow With Your Business',
      intro:
        'We design, migrate and run cloud platforms on AWS, Microsoft Azure and Microsoft 365, so your team can work securely from any office or home while you pay only for what you use.',
      mailLabel: TALK_TO,
      image: heroImage('cloud-services', 'Illustration of a cloud connected to laptops, phones and servers'),
    },
    sections: [
      {
        id: 'why-choose',
        heading: 'Why Choose Our Cloud Services?',
        intro: 'Certified engineers in the UK and Nepal, one team that stays with you after go-live.',
        layout: 'cards',
        items: [
          {
            title: 'Vendor-neutral advice',
            body: 'We recommend AWS, Azure or Microsoft 365 on the merits of your workload and budget, not on a reseller target.',
          },
          {
            title: 'Security from day one',
            body: 'Multi-factor sign-in, least-privilege access, encryption and logging are part of every build, not an upgrade.',
          },
          {
            title: 'Predictable costs',
            body: 'Right-sized resources, budgets and monthly cost reports mean no surprises on your cloud bill.',
          },
          {
            title: 'Support around the clock',
            body: 'With engineers in London, Kent and Kathmandu, someone is watching your platform across time zones.',
          },
        ],
      },
      {
        id: 'services',
        heading: 'Our Cloud Services',
        layout: 'cards',
        items: [
          {
            title: 'Cloud infrastructure',
            body: 'Virtual servers, networks and storage on AWS or Azure, built as code so every environment is repeatable.',
          },
          {
            title: 'Microsoft 365 and email',
            body: 'Business email, Teams, SharePoint and OneDrive set up, secured and migrated from your current provider.',
          },
          {
            title: 'Hybrid cloud',
            body: 'Keep what must stay on site and move the rest, with secure links between your office and the cloud.',
          },
          {
            title: 'Managed cloud operations',
            body: 'Monitoring, patching, backups and cost optimisation handled every month by our operations team.',
          },
        ],
      },
      {
        id: 'benefits',
        heading: 'Benefits of Moving to the Cloud',
        layout: 'list',
        items: [
          {
            title: 'Scale on demand',
            body: 'Add capacity for a busy season in minutes and release it when you no longer need it.',
          },
          {
            title: 'Work from anywhere',
            body: 'Staff reach files and applications securely from the office, home or on the road.',
          },
          {
            title: 'Lower upfront cost',
            body: 'Replace large hardware purchases with a monthly cost that follows your usage.',
          },
          {
            title: 'Built-in resilience',
            body: 'Data replicated across data centres keeps you running when a single site fails.',
          },
        ],
        image: CATEGORY_IMAGES.cloud,
      },
    ],
    faqs: [
      {
        question: 'Which cloud provider is right for my business?',
        answer:
          'It depends on the software you run and the skills in your team. Microsoft-centred offices often fit Azure and Microsoft 365; web applications and data workloads often fit AWS. We compare both against your needs before recommending one.',
      },
      {
        question: 'Is my data safe in the cloud?',
        answer:
          'Yes, when it is set up properly. We enable multi-factor authentication, encrypt data at rest and in transit, restrict access by role and keep UK or EU data residency where your obligations require it.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your cloud'),
  },
  {
    slug: 'cloud-storage-backup',
    hero: {
      eyebrow: 'Cloud Computing Solutions',
      title: 'Cloud Storage and Backup You Can Restore From',
      intro:
        'Automated, encrypted backups of your servers, laptops and Microsoft 365 data, plus shared cloud storage your team will actually use. We test restores so you know they work before you need them.',
      mailLabel: TALK_TO,
      image: heroImage('cloud-storage-backup', 'Illustration of files being backed up to an encrypted cloud store'),
    },
    sections: [
      {
        id: 'why-choose',
        heading: 'Why Choose Our Backup Service?',
        layout: 'cards',
        items: [
          {
            title: 'The 3-2-1 rule, done for you',
            body: 'Three copies of your data, on two kinds of storage, one of them off site and out of reach of ransomware.',
          },
          {
            title: 'Restores we have tested',
            body: 'Every quarter we restore sample files and systems and send you a short report of the result.',
          },
          {
            title: 'Encrypted end to end',
            body: 'Data is encrypted before it leaves your device and stays encrypted in storage.',
          },
          {
            title: 'Clear retention',
            body: 'Daily, weekly and monthly restore points kept for as long as your business and regulators require.',
          },
        ],
      },
      {
        id: 'services',
        heading: 'Our Storage and Backup Services',
        layout: 'cards',
        items: [
          {
            title: 'Server and NAS backup',
            body: 'Image-level backups of physical and virtual servers with fast bare-metal recovery.',
          },
          {
            title: 'Microsoft 365 backup',
            body: 'Mailboxes, OneDrive, SharePoint and Teams backed up beyond Microsoft’s own retention.',
          },
          {
            title: 'Secure shared storage',
            body: 'Cloud file shares and secure network drives with permissions that match your teams.',
          },
          {
            title: 'Disaster recovery planning',
            body: 'A written recovery plan with agreed recovery times, rehearsed with your staff.',
          },
        ],
      },
      {
        id: 'benefits',
        heading: 'Benefits of Cloud Backup',
        layout: 'list',
        items: [
          {
            title: 'Ransomware resilience',
            body: 'Immutable, off-site copies let you recover without paying a ransom.',
          },
          { title: 'No lost work', body: 'A stolen laptop or a deleted folder becomes a restore, not a disaster.' },
          { title: 'Less hardware to manage', body: 'No tapes to rotate and no ageing backup drives in a cupboard.' },
          {
            title: 'Compliance made simpler',
            body: 'Retention and access logs help you meet UK GDPR and industry rules.',
          },
        ],
        image: CATEGORY_IMAGES.cloud,
      },
    ],
    faqs: [
      {
        question: 'How often are my files backed up?',
        answer:
          'Servers and Microsoft 365 are backed up at least daily, and critical systems as often as every hour. We agree the schedule with you based on how much work you could afford to redo.',
      },
      {
        question: 'Where is my backup data stored?',
        answer:
          'In encrypted storage in UK or EU data centres by default, separate from your live systems. If you need a specific location for contractual reasons, we set it up there.',
      },
      {
        question: 'How long does a restore take?',
        answer:
          'Single files take minutes. A whole server is usually back within a few hours, and we agree target recovery times for each system in your disaster recovery plan.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('protecting your data'),
  },
  {
    slug: 'cloud-migration',
    hero: {
      eyebrow: 'Cloud Computing Solutions',
      title: 'Cloud Migration Without the Downtime',
      intro:
        'We move your servers, file shares, email and applications to the cloud or a hybrid setup in planned stages, with testing at every step and a rollback plan if anything misbehaves.',
      mailLabel: TALK_TO,
      image: heroImage('cloud-migration', 'Illustration of a server moving its workloads to the cloud'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of a Planned Migration',
        layout: 'cards',
        items: [
          {
            title: 'Assessment first',
            body: 'We inventory every system and dependency so nothing is forgotten on migration day.',
          },
          {
            title: 'Out-of-hours cut-over',
            body: 'Switches happen in the evening or at weekends, so your team starts Monday on the new platform.',
          },
          {
            title: 'Hybrid where it fits',
            body: 'Systems that must stay on site keep running, linked securely to the cloud.',
          },
          {
            title: 'Training included',
            body: 'Short, practical sessions so staff know where their files and tools now live.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Migration Planning Matters',
        layout: 'list',
        items: [
          { title: 'Protects data', body: 'Verified copies and checksums make sure every file arrives intact.' },
          { title: 'Controls cost', body: 'Right-sizing before the move avoids paying for capacity you do not use.' },
          {
            title: 'Keeps you compliant',
            body: 'Data residency and access rules are designed in, not patched on later.',
          },
          { title: 'Reduces risk', body: 'A tested rollback plan means a problem costs minutes, not days.' },
        ],
        image: CATEGORY_IMAGES.cloud,
      },
    ],
    faqs: [
      {
        question: 'How long does a cloud migration take?',
        answer:
          'A small office with email and file shares usually moves in two to four weeks. Larger estates with several servers and applications are migrated in stages over one to three months.',
      },
      {
        question: 'Will my staff lose access during the move?',
        answer:
          'No. We run the old and new systems side by side and cut over outside working hours, so the only change staff notice is where they sign in.',
      },
      {
        question: 'Can we keep some systems on site?',
        answer:
          'Yes. A hybrid setup is often the best answer for accounting software, specialist hardware or large local files. We connect both sides securely.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your cloud migration'),
  },
  {
    slug: 'custom-development',
    hero: {
      eyebrow: 'Website Development',
      title: 'Custom Websites and Web Applications',
      intro:
        'Fast, accessible websites and web applications designed around your customers and built with React, Node.js and modern tooling, from a focused marketing site to a customer portal.',
      mailLabel: TALK_TO,
      image: heroImage('custom-development', 'Illustration of a browser window showing website code'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of Custom Development',
        layout: 'cards',
        items: [
          {
            title: 'Built for your goals',
            body: 'Every page and feature is designed around what your visitors need to do.',
          },
          {
            title: 'Fast everywhere',
            body: 'Lean pages that load quickly on mobile networks and score well in search.',
          },
          {
            title: 'Accessible by default',
            body: 'Keyboard, screen reader and contrast checks are part of every release.',
          },
          { title: 'Yours to own', body: 'You own the code and the content; no lock-in to a proprietary builder.' },
        ],
      },
      {
        id: 'importance',
        heading: 'Why a Custom Website Matters',
        layout: 'list',
        items: [
          { title: 'First impressions', body: 'Your website is often the first conversation a customer has with you.' },
          {
            title: 'Search visibility',
            body: 'Clean structure and fast pages help you rank for the services you offer.',
          },
          { title: 'Automation', body: 'Forms, bookings and integrations take routine work off your team.' },
          { title: 'Room to grow', body: 'A solid foundation lets you add features without starting again.' },
        ],
        image: CATEGORY_IMAGES.web,
      },
    ],
    faqs: [
      {
        question: 'How long does a custom website take?',
        answer:
          'A focused marketing site typically takes three to six weeks from agreed design to launch. Web applications with logins, payments or integrations are planned in phases, and we give you a timeline with the quote.',
      },
      {
        question: 'Which technologies do you use?',
        answer:
          'Mostly React, Node.js, Express and MongoDB or PostgreSQL, styled with Tailwind CSS. We pick proven, well-supported tools so any competent developer could maintain your site.',
      },
      {
        question: 'Can you redesign my existing website?',
        answer:
          'Yes. We review what works today, keep your search rankings with proper redirects and move your content across to the new design.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your website'),
  },
  {
    slug: 'wordpress-development',
    hero: {
      eyebrow: 'Website Development',
      title: 'WordPress Websites Your Team Can Edit With Confidence',
      intro:
        'Custom WordPress themes, carefully chosen plugins, speed tuning and security hardening, with a simple editing experience so you can update pages without calling a developer.',
      mailLabel: TALK_TO,
      connectLabel: 'Contact us',
      image: heroImage('wordpress-development', 'Illustration of a WordPress site being edited in a browser'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of WordPress With Us',
        layout: 'cards',
        items: [
          {
            title: 'Custom theme',
            body: 'A theme built for your brand, not a heavy template with features you never use.',
          },
          { title: 'Easy editing', body: 'Reusable blocks and clear fields so your team can publish safely.' },
          {
            title: 'Hardened security',
            body: 'Minimal plugins, automatic updates, a web application firewall and daily backups.',
          },
          { title: 'Fast hosting', body: 'Tuned UK hosting with caching and a CDN for quick pages everywhere.' },
        ],
      },
      {
        id: 'importance',
        heading: 'Why WordPress Care Matters',
        layout: 'list',
        items: [
          {
            title: 'Most attacked platform',
            body: 'Unpatched plugins are the most common way WordPress sites are compromised.',
          },
          {
            title: 'Speed affects sales',
            body: 'Every extra second of loading time costs enquiries and search ranking.',
          },
          { title: 'Content stays fresh', body: 'An easy editor means your news, prices and team pages stay current.' },
          { title: 'Backups save the day', body: 'A daily backup turns a broken update into a five-minute restore.' },
        ],
        image: CATEGORY_IMAGES.web,
      },
    ],
    faqs: [
      {
        question: 'How long does it take to build a WordPress website?',
        answer:
          'A simple WordPress site takes 2-3 weeks. A complex site with custom functionality, integrations or many page types takes 1-2 months.',
      },
      {
        question: 'Can I update the website myself?',
        answer:
          'Yes. We build with the block editor and give your team a short training session, so adding pages, posts and images needs no technical knowledge.',
      },
      {
        question: 'Do you look after WordPress sites after launch?',
        answer:
          'Yes. Our care plans cover core and plugin updates, security monitoring, daily backups and small content changes every month.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your WordPress website'),
  },
  {
    slug: 'ecommerce-development',
    hero: {
      eyebrow: 'Website Development',
      title: 'E-commerce Websites Built on the MERN Stack',
      intro:
        'Online shops built with MongoDB, Express, React and Node.js: fast product pages, secure payments, stock management and a checkout designed to turn visitors into customers.',
      mailLabel: TALK_TO,
      connectLabel: 'Contact us',
      image: heroImage('ecommerce-development', 'Illustration of an online shop with a shopping cart and payment card'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of a MERN E-commerce Store',
        layout: 'cards',
        items: [
          { title: 'Fast shopping', body: 'React front ends make browsing and filtering feel instant on any device.' },
          {
            title: 'Secure payments',
            body: 'Stripe, PayPal and card payments integrated without card data touching your server.',
          },
          { title: 'Stock and orders', body: 'An admin area to manage products, stock levels, orders and refunds.' },
          {
            title: 'Ready to scale',
            body: 'A Node.js and MongoDB back end that copes with sales peaks and a growing catalogue.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Your Online Shop Matters',
        layout: 'list',
        items: [
          { title: 'Sales around the clock', body: 'Your shop keeps selling while your doors are closed.' },
          { title: 'Trust at checkout', body: 'A clear, secure checkout reduces abandoned baskets.' },
          { title: 'Customer insight', body: 'Order and behaviour data show what sells and what to improve.' },
          {
            title: 'Reach beyond your area',
            body: 'Sell across the UK, Nepal and further without another shop front.',
          },
        ],
        image: CATEGORY_IMAGES.web,
      },
    ],
    faqs: [
      {
        question: 'Why build an online shop on the MERN stack?',
        answer:
          'MongoDB, Express, React and Node.js give you a fast storefront and full control over features, integrations and hosting, without the monthly fees and limits of a hosted shop builder.',
      },
      {
        question: 'How quickly can my shop be ready?',
        answer:
          'Our in-house e-commerce product can be customised to your brand and catalogue in at most 1 month. A shop built from scratch is planned with you and timed in the quote.',
      },
      {
        question: 'Which payment methods can you integrate?',
        answer:
          'Card payments through Stripe, PayPal, Apple Pay and Google Pay, and local gateways such as eSewa and Khalti for customers in Nepal.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your online shop'),
  },
  {
    slug: 'server-setup',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'Server Setup and Management',
      intro:
        'Physical and virtual servers specified, installed, hardened and monitored, on your premises or in a data centre, with patching and health checks handled every month.',
      mailLabel: TALK_TO,
      image: heroImage('server-setup', 'Illustration of a rack of servers with status lights'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of Professionally Managed Servers',
        layout: 'cards',
        items: [
          {
            title: 'Right-sized hardware',
            body: 'Specified for your workload today with headroom for the next few years.',
          },
          {
            title: 'Hardened from the start',
            body: 'Secure baselines, minimal services and least-privilege accounts.',
          },
          {
            title: '24/7 monitoring',
            body: 'Disk, memory, service and temperature alerts reach our engineers before you notice.',
          },
          {
            title: 'Documented',
            body: 'Every server, account and setting is recorded, so knowledge never walks out of the door.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Server Management Matters',
        layout: 'list',
        items: [
          { title: 'Uptime', body: 'Your files, accounting and line-of-business applications depend on it.' },
          { title: 'Security', body: 'Unpatched servers are a favourite entry point for attackers.' },
          { title: 'Performance', body: 'Tuning and capacity planning keep systems quick as you grow.' },
          { title: 'Recovery', body: 'Backups and spare capacity turn a hardware failure into a short interruption.' },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'Should my server be on site or in the cloud?',
        answer:
          'It depends on your software, your internet connection and your budget. We often recommend a hybrid: a small on-site server for local needs and cloud services for the rest.',
      },
      {
        question: 'Which server platforms do you support?',
        answer:
          'Windows Server, Ubuntu and Debian Linux, and VMware or Hyper-V virtualisation, on hardware from Dell, HPE and Lenovo.',
      },
      {
        question: 'What happens if a server fails?',
        answer:
          'Our monitoring alerts us straight away. We restore service from backups or spare capacity and work with the manufacturer on replacement parts under warranty.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your servers'),
  },
  {
    slug: 'network-design',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'Network Design and Implementation',
      intro:
        'Wired and wireless networks planned around how your office works: structured cabling, enterprise Wi-Fi, segmented traffic and secure guest access, installed neatly and documented.',
      mailLabel: TALK_TO,
      image: heroImage('network-design', 'Illustration of network devices connected in a mesh'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of a Well-Designed Network',
        layout: 'cards',
        items: [
          {
            title: 'Wi-Fi that reaches',
            body: 'Site surveys place access points where coverage is needed, not where it is convenient.',
          },
          {
            title: 'Segmented and secure',
            body: 'Staff, guests, phones and devices on separate networks with their own rules.',
          },
          { title: 'Neat cabling', body: 'Labelled, tested structured cabling that makes future changes simple.' },
          {
            title: 'Central management',
            body: 'One dashboard to see every switch and access point and spot problems early.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Network Design Matters',
        layout: 'list',
        items: [
          {
            title: 'Everything depends on it',
            body: 'Phones, cloud apps, printers and card terminals all share the network.',
          },
          {
            title: 'Security boundaries',
            body: 'Good segmentation stops one infected device from reaching everything.',
          },
          { title: 'Productivity', body: 'Dropped calls and slow Wi-Fi cost your team time every day.' },
          { title: 'Growth', body: 'A planned network grows with new staff and offices without a rebuild.' },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'Do you survey the site before installing?',
        answer:
          'Yes. We visit, measure wireless signal and interference, and check cabling routes before we propose a design, so the quote reflects your building.',
      },
      {
        question: 'Can you improve our existing network instead of replacing it?',
        answer:
          'Often, yes. We audit your current equipment and reuse what is sound, replacing only the parts that limit speed, coverage or security.',
      },
      {
        question: 'Will installation disrupt our work?',
        answer:
          'We plan cabling and switch-overs in stages and outside your busiest hours, so most staff notice nothing until the new network is live.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your network'),
  },
  {
    slug: 'vpn-setup',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'VPN Setup and Management',
      intro:
        'Secure remote access for staff at home and on the road, and encrypted links between your offices, configured with modern protocols and multi-factor sign-in.',
      mailLabel: TALK_TO,
      image: heroImage('vpn-setup', 'Illustration of a padlock protecting an encrypted tunnel between two sites'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of a Managed VPN',
        layout: 'cards',
        items: [
          { title: 'Safe remote work', body: 'Encrypted connections protect company data on home and public Wi-Fi.' },
          {
            title: 'Linked offices',
            body: 'Site-to-site tunnels connect London, Kent, Kathmandu or wherever your teams are.',
          },
          { title: 'Multi-factor sign-in', body: 'A stolen password alone is not enough to get in.' },
          {
            title: 'Monitored and updated',
            body: 'We watch connections, renew certificates and apply security updates.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why a Business VPN Matters',
        layout: 'list',
        items: [
          { title: 'Data protection', body: 'UK GDPR expects personal data to be protected in transit.' },
          { title: 'Access control', body: 'Staff reach only the systems their role needs.' },
          { title: 'Hybrid working', body: 'Teams work from anywhere with the same access as in the office.' },
          { title: 'Visibility', body: 'Connection logs show who accessed what and when.' },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'Which VPN technologies do you use?',
        answer:
          'WireGuard and IPsec for speed and strong encryption, on firewalls from vendors such as Fortinet, Sophos and Ubiquiti, or as a cloud-managed service where that suits you better.',
      },
      {
        question: 'Will a VPN slow down our internet?',
        answer:
          'Only company traffic goes through the tunnel when we set up split tunnelling, so video calls and browsing stay fast while business systems stay protected.',
      },
      {
        question: 'Can staff use the VPN on their phones?',
        answer:
          'Yes. We configure clients for Windows, macOS, iOS and Android, and can enforce that only managed devices connect.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('secure remote access'),
  },
  {
    slug: 'firewall',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'Firewall Installation and Management',
      intro:
        'Standalone firewall appliances installed, configured and watched by our engineers, keeping threats out while your business traffic, calls and cloud applications flow freely.',
      mailLabel: TALK_TO,
      image: heroImage('firewall', 'Illustration of a security shield in front of a brick wall'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of a Managed Firewall',
        layout: 'cards',
        items: [
          {
            title: 'Threat prevention',
            body: 'Intrusion prevention, malware scanning and web filtering at the edge of your network.',
          },
          {
            title: 'Rules that make sense',
            body: 'Clear, documented policies reviewed regularly, not years of forgotten exceptions.',
          },
          { title: 'Always up to date', body: 'Firmware and threat signatures kept current by our team.' },
          {
            title: 'Alerts to our engineers',
            body: 'Suspicious activity is investigated by a person, not ignored in a log.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Your Firewall Matters',
        layout: 'list',
        items: [
          { title: 'First line of defence', body: 'It decides what can reach your network from the internet.' },
          { title: 'Cyber Essentials', body: 'A correctly configured firewall is one of the scheme’s five controls.' },
          { title: 'Fewer incidents', body: 'Blocked malicious sites mean fewer infections to clean up.' },
          {
            title: 'Insurance and contracts',
            body: 'Insurers and clients increasingly ask for proof of perimeter security.',
          },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'Is the router from my internet provider not enough?',
        answer:
          'A provider router offers basic filtering only. A business firewall adds intrusion prevention, web filtering, VPN, logging and central management that a growing business needs.',
      },
      {
        question: 'Which firewall brands do you work with?',
        answer:
          'Mainly Fortinet, Sophos and Ubiquiti. We recommend a model sized for your internet speed and the number of users and devices you have.',
      },
      {
        question: 'Will a firewall help with Cyber Essentials?',
        answer:
          'Yes. We configure the firewall to meet the Cyber Essentials boundary firewall requirements and can help with the rest of the certification.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('your firewall'),
  },
  {
    slug: 'system-upgrade',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'System Upgrades and Patch Management',
      intro:
        'Operating systems, applications and firmware kept current on a schedule you agree, tested before roll-out, so security holes are closed before attackers can use them.',
      mailLabel: TALK_TO,
      image: heroImage('system-upgrade', 'Illustration of a computer receiving an update with circular arrows'),
    },
    sections: [
      {
        id: 'benefits',
        heading: 'Benefits of Managed Patching',
        layout: 'cards',
        items: [
          { title: 'Tested first', body: 'Updates go to a pilot group before they reach everyone.' },
          { title: 'Out of hours', body: 'Restarts happen in the evening, not in the middle of your working day.' },
          { title: 'Monthly report', body: 'See which devices are up to date and which need attention.' },
          { title: 'Planned upgrades', body: 'End-of-life systems replaced on a roadmap, not in a crisis.' },
        ],
      },
      {
        id: 'importance',
        heading: 'Why Patching Matters',
        layout: 'list',
        items: [
          {
            title: 'Most attacks use known flaws',
            body: 'Many breaches exploit vulnerabilities that already had a fix available.',
          },
          { title: 'Compliance', body: 'Cyber Essentials requires critical updates within 14 days.' },
          { title: 'Stability', body: 'Updates fix bugs and crashes as well as security issues.' },
          { title: 'Support', body: 'Unsupported software no longer receives fixes from its vendor.' },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'How often are updates installed?',
        answer:
          'Critical security updates within days of release and always within 14 days; routine updates monthly, in a maintenance window that suits your business.',
      },
      {
        question: 'What if an update breaks something?',
        answer:
          'We test on a pilot group first and can roll back a faulty update quickly. Servers are backed up before major changes.',
      },
      {
        question: 'Do you update third-party software too?',
        answer:
          'Yes. Browsers, PDF readers, Java, Office and common line-of-business applications are patched alongside Windows, macOS and Linux.',
      },
      QUOTE_REPLY,
    ],
    closing: closing('keeping your systems current'),
  },
  {
    slug: 'it-support',
    hero: {
      eyebrow: 'Managed IT Solutions',
      title: 'IT Support for Growing Businesses',
      intro:
        'Friendly, fast on-site and remote IT support from engineers who know your systems. One number to call, clear answers, and fixes that stay fixed.',
      mailLabel: 'Talk with our experts',
      image: heroImage('it-support', 'Illustration of a support engineer with a headset helping a user'),
    },
    sections: [
      {
        id: 'why-choose',
        heading: 'Why Choose IT Support Service?',
        layout: 'cards',
        items: [
          {
            title: 'Fast response',
            body: 'Most requests are picked up within the hour and many are solved on the first call.',
          },
          {
            title: 'Remote and on site',
            body: 'Remote fixes in minutes, with engineers in London, Kent and Kathmandu when a visit is needed.',
          },
          {
            title: 'Proactive monitoring',
            body: 'We spot failing disks, full mailboxes and missed backups before they stop your work.',
          },
          {
            title: 'Plain English',
            body: 'No jargon: we explain what went wrong and how we stopped it happening again.',
          },
          { title: 'Fixed monthly fee', body: 'Predictable support costs per user, with no surprise invoices.' },
          {
            title: 'One point of contact',
            body: 'We deal with your internet provider, software vendors and hardware suppliers for you.',
          },
        ],
      },
      {
        id: 'importance',
        heading: 'Importance of IT Support Services',
        layout: 'list',
        items: [
          {
            title: 'Less downtime',
            body: 'Problems are fixed quickly, so your team spends its time on customers, not computers.',
          },
          {
            title: 'Stronger security',
            body: 'Updates, antivirus and account reviews close the gaps attackers look for.',
          },
          {
            title: 'Protected data',
            body: 'Backups are checked and restores are tested, so information is never lost.',
          },
          { title: 'Planned growth', body: 'New starters, offices and systems are set up properly from day one.' },
        ],
        image: CATEGORY_IMAGES.managed,
      },
    ],
    faqs: [
      {
        question: 'What does IT support include?',
        answer:
          'Help-desk support for your staff, remote and on-site fixes, device and account setup, monitoring, patching, antivirus, backup checks and advice on your IT plans, all under one agreement.',
      },
      {
        question: 'How does remote support work?',
        answer:
          'You call, email or raise a ticket. With your permission an engineer connects securely to your screen, fixes the problem while you watch, and disconnects when done. Nothing runs without your approval.',
      },
      {
        question: 'Why does IT support matter for my business?',
        answer:
          'Every hour a system is down costs wages and customers. Reliable support keeps your team productive, your data safe and your technology aligned with where the business is going.',
      },
      {
        question: 'What security measures do you take?',
        answer:
          'Multi-factor authentication on our own tools, encrypted remote sessions, least-privilege access to your systems, logged actions and staff vetted and trained in data protection under UK GDPR.',
      },
      {
        question: 'What are the benefits for small businesses?',
        answer:
          'You get a whole IT team for a predictable monthly fee, instead of relying on one person or ad-hoc call-outs. Small businesses gain enterprise-grade security and expertise at a price that fits.',
      },
    ],
    closing: closing('your IT support'),
  },
];

export const SERVICE_PAGES: readonly ServicePage[] = PAGES;

export const servicePageBySlug = (slug: string): ServicePage | undefined => PAGES.find((entry) => entry.slug === slug);
