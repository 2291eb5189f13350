// Text of the terms and conditions.
import { type PolicySection, postalAddress } from './policies.ts';
import { SITE } from './site.ts';

export const TERMS_INTRO = `Please read these terms carefully before using our website or services. By using the website you accept them.`;

export const TERMS_SECTIONS: readonly PolicySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: [
      `These terms and conditions govern your use of the ${SITE.name} website and the information, quotes and services offered through it. If you do not agree with them, please do not use the website.`,
    ],
  },
  {
    id: 'services',
    title: 'Our Services',
    body: [
      'We provide IT and web services, including cloud computing, website development, managed IT, networking and security. The descriptions and packages on this website are an overview; the exact scope, price and timeline of any work are set out in a written proposal or contract, which takes precedence over these terms.',
    ],
  },
  {
    id: 'use-license',
    title: 'Use License',
    body: [
      'You may view and print pages of this website for your own information. You may not:',
      {
        list: [
          'Copy, modify or republish its content or design for commercial purposes without our written permission.',
          'Attempt to decompile, reverse engineer or gain unauthorised access to any part of the website.',
          'Remove any copyright or other proprietary notices.',
          'Use the website to send spam or to submit false or harmful information through its forms.',
        ],
      },
      'This licence ends automatically if you breach these restrictions.',
    ],
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: [
      'The content of this website is provided for general information. It is not professional advice for your particular situation, and we make no warranties, expressed or implied, about its completeness or fitness for a particular purpose.',
    ],
  },
  {
    id: 'limitations',
    title: 'Limitations of Liability',
    body: [
      'We are not liable for any indirect or consequential loss, or for loss of data, profit or business, arising from the use of, or inability to use, this website. Nothing in these terms limits our liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited under the law of England and Wales.',
    ],
  },
  {
    id: 'accuracy',
    title: 'Accuracy of Materials',
    body: [
      'We work to keep the information on this website correct and up to date, but it may contain technical, typographical or photographic errors, and prices or features may change. We may correct the content at any time without notice.',
    ],
  },
  {
    id: 'links',
    title: 'Links to Other Websites',
    body: [
      'This website may link to websites run by others. We do not control them and are not responsible for their content or privacy practices; a link does not mean we endorse the site.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: [
      'We may revise these terms at any time by publishing a new version on this page. By continuing to use the website after a change, you agree to the revised terms.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: [
      'These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction over any dispute arising from them. If you are a consumer living elsewhere in the United Kingdom, you may also bring proceedings in your local courts.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: [`Questions about these terms? Email us at ${SITE.email}, call ${SITE.phone}, or write to ${postalAddress}.`],
  },
];
