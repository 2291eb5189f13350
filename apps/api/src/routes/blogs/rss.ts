// GET /blog/rss.xml: RSS 2.0 feed of every article, the built-in ones and the published posts, newest
// first (registered at the root, outside /api).
import { BRAND_NAME, BUILT_IN_ARTICLES } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { fileResponse } from '../../lib/schema.ts';
import { listBlogs } from '../../services/blogs.ts';

export interface BlogRssOptions {
  /** Absolute origin of the site (config.siteUrl), for the links in the feed. */
  siteUrl: string;
}

/** One item of the feed, whether a built-in article or a post written in the admin. */
interface FeedEntry {
  slug: string;
  title: string;
  summary: string;
  tags: readonly string[];
  date: Date;
}

/** Newest posts in the feed; readers only look at the latest ones. */
const FEED_SIZE = 50;

// Characters XML 1.0 forbids: dropped from the feed.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export const escapeXml = (value: string) =>
  // The forbidden characters are dropped, then the five special ones escaped.
  value
    .replace(XML_FORBIDDEN, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export default async function blogRssRoutes(app: FastifyInstance, { siteUrl }: BlogRssOptions) {
  const schema = {
    tags: ['blogs'],
    summary: 'RSS 2.0 feed of every article (built-in and published posts), newest first',
    response: { 200: fileResponse('application/rss+xml', 'RSS 2.0') },
  };
  app.get('/blog/rss.xml', { config: { publicCache: true }, schema }, async (_request, reply) => {
    const written: FeedEntry[] = (await listBlogs(app.db)).map((post) => ({
      slug: post.slug,
      title: post.title,
      summary: post.excerpt,
      tags: post.tags,
      date: new Date(post.publishedAt ?? post.createdAt),
    }));
    const builtIn: FeedEntry[] = BUILT_IN_ARTICLES.map((article) => ({
      slug: article.slug,
      title: article.title,
      summary: article.description,
      tags: [],
      date: new Date(`${article.publishedAt}T00:00:00Z`),
    }));
    const entries = [...written, ...builtIn].sort((a, b) => b.date.getTime() - a.date.getTime()).slice(0, FEED_SIZE);
    const blogUrl = `${siteUrl}/blog`;
    const items = entries.map((entry) => {
      const link = `${siteUrl}/blog/${encodeURIComponent(entry.slug)}`;
      return [
        '    <item>',
        `      <title>${escapeXml(entry.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <description>${escapeXml(entry.summary)}</description>`,
        ...entry.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        `      <pubDate>${entry.date.toUTCString()}</pubDate>`,
        '    </item>',
      ].join('\n');
    });
    const lastBuild = entries[0]?.date.toUTCString();
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '  <channel>',
      `    <title>${escapeXml(`${BRAND_NAME} Blog`)}</title>`,
      `    <link>${escapeXml(blogUrl)}</link>`,
      '    <description>Articles and news from our team.</description>',
      '    <language>en-gb</language>',
      `    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...(lastBuild ? [`    <lastBuildDate>${lastBuild}</lastBuildDate>`] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });
}
