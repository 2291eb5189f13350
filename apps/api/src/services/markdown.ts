// The one Markdown renderer and sanitizer of the site lives in the contract (`@agency/contract/markdown`), so blog
// posts (here) and the Markdown fields of content documents (the public pages' loaders) render alike.
export { EXCERPT_LENGTH, excerptOf, markdownToText, renderMarkdown } from '@agency/contract/markdown';
